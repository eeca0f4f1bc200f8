import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  CLINICAL_DATA_MESSAGES,
  CLINICAL_VALUE_FIELDS,
  clinicalDataImportFields,
  STAFF_CLINICAL_FIELDS,
  type ClinicalDataListQuery,
  type clinicalDataCreate,
  type clinicalDataUpdate,
  type ClinicalValueField,
} from '../../../shared/api/clinical-data';
import { MIN_CALIBRATION_ENTRIES } from '../../../shared/rejection/model';
import type { AuthUser } from '../../auth/auth-user';
import type { ClinicalData } from '../../entities/clinical-data';
import type { ReceivedFile } from '../../storage/blob-store';
import { muteAuditOf, writeAuditEntry } from '../audit/repository';
import { DomainError, forbidden, invalidField, notFound } from '../errors';
import { fullCollectionsPastGrowth } from '../exports/full-collections';
import { instituteExists } from '../institutes/repository';
import { requireFeature } from '../institutes/service';
import { labelsOfInstitute } from '../labels/service';
import { findInstituteLine } from '../lines/repository';
import { authorize, can } from '../policy';
import { modelFor, recomputeRejection } from '../rejection/service';
import { parseFormFields, type Receive, type ReceivedForm } from '../uploads';
import { ClinicalCsvParser, lineNameKey, type ClinicalCsvProblem, type LinesByName } from './csv';
import * as repo from './repository';

export interface ClinicalDataDeps {
  db: DataSource;
}

type Create = z.output<typeof clinicalDataCreate>;
type Update = z.output<typeof clinicalDataUpdate>;

const COLUMN: Record<ClinicalValueField, keyof ClinicalData> = {
  h_index: 'hIndex',
  h_index_baseline: 'hIndexBaseline',
  ldh: 'ldh',
  ldh_baseline: 'ldhBaseline',
  asat: 'asat',
  asat_baseline: 'asatBaseline',
  potassium: 'potassium',
  potassium_baseline: 'potassiumBaseline',
  pfhb: 'pfhb',
  pfhb_baseline: 'pfhbBaseline',
};

/** Tenancy (404), then the clinicalData flag (403 with a detail). */
const gate = (manager: EntityManager, user: AuthUser, instituteId: number) =>
  requireFeature(manager, user, instituteId, 'clinicalData');

async function findEntry(manager: EntityManager, user: AuthUser, id: number) {
  const entry = await repo.findClinicalData(manager, id);
  if (!entry) throw notFound();
  await gate(manager, user, entry.instituteId);
  return entry;
}

/**
 * Makes the institute's stored record rejections current after its model changed (the same
 * recomputation an analyzer threshold change runs).
 */
const recompute = (db: DataSource, instituteId: number) => recomputeRejection({ db }, instituteId);

export async function listClinicalData(
  { db }: ClinicalDataDeps,
  user: AuthUser,
  instituteId: number,
  query: ClinicalDataListQuery,
) {
  await gate(db.manager, user, instituteId);
  return repo.pageOfClinicalData(db.manager, instituteId, query);
}

export async function getClinicalData({ db }: ClinicalDataDeps, user: AuthUser, id: number) {
  return findEntry(db.manager, user, id);
}

/**
 * Non-staff may send the staff-only fields only with the value they already have (forms send
 * whole entries); a change is refused.
 */
function refuseStaffFields(
  user: AuthUser,
  body: Partial<Record<(typeof STAFF_CLINICAL_FIELDS)[number], boolean>>,
  current: { exclude_from_model: boolean; donor_sample: boolean },
) {
  if (can(user, 'clinical-data:staff-fields')) return;
  const changed = STAFF_CLINICAL_FIELDS.find(
    (f) => body[f] !== undefined && body[f] !== current[f],
  );
  if (changed) throw forbidden(`Only the provider's staff can change ${changed}.`);
}

/**
 * The entry's own line and its record after a create or patch (method-comparison.md section 1):
 * the line must be the institute's, and a record on another line contradicts it.
 */
async function applyLine(manager: EntityManager, entry: ClinicalData, body: Update) {
  if (body.line !== undefined) {
    if (body.line !== null && !(await findInstituteLine(manager, entry.instituteId, body.line)))
      throw invalidField('line', CLINICAL_DATA_MESSAGES.noSuchLine);
    entry.lineId = body.line;
    entry.line = undefined as never; // the id decides
  }
  if (entry.lineId === null || entry.recordId === null) return;
  if (body.line === undefined && body.record === undefined) return;
  const recordLine = await repo.recordLineId(manager, entry.instituteId, entry.recordId);
  if (recordLine !== null && recordLine !== entry.lineId)
    throw invalidField(
      body.line !== undefined ? 'line' : 'record',
      CLINICAL_DATA_MESSAGES.lineDiffersFromRecord,
    );
}

/** Applies the fields of a create or patch body onto an entry, checking record and labels. */
async function applyBody(manager: EntityManager, entry: ClinicalData, body: Update) {
  if (body.date !== undefined) entry.date = body.date;
  for (const field of CLINICAL_VALUE_FIELDS) {
    const value = body[field];
    if (value !== undefined) (entry[COLUMN[field]] as number | null) = value;
  }
  if (body.exclude_from_model !== undefined) entry.excludeFromModel = body.exclude_from_model;
  if (body.donor_sample !== undefined) entry.donorSample = body.donor_sample;
  if (body.record !== undefined) {
    if (
      body.record !== null &&
      !(await repo.instituteRecordExists(manager, entry.instituteId, body.record))
    )
      throw invalidField('record', CLINICAL_DATA_MESSAGES.noSuchRecord);
    entry.recordId = body.record;
    entry.record = undefined as never; // the id decides
  }
  await applyLine(manager, entry, body);
  if (body.labels !== undefined)
    entry.labels = await labelsOfInstitute(manager, entry.instituteId, body.labels);
}

export async function createClinicalData(
  deps: ClinicalDataDeps,
  user: AuthUser,
  instituteId: number,
  body: Create,
) {
  await gate(deps.db.manager, user, instituteId);
  authorize(user, 'data:edit');
  refuseStaffFields(user, body, { exclude_from_model: false, donor_sample: false });
  const entry = repo.newClinicalData(deps.db.manager, {
    instituteId,
    recordId: null,
    lineId: null,
    labels: [],
  });
  await applyBody(deps.db.manager, entry, body);
  const saved = await repo.saveClinicalData(deps.db.manager, entry);
  await recompute(deps.db, instituteId);
  return getClinicalData(deps, user, saved.id);
}

export async function updateClinicalData(
  deps: ClinicalDataDeps,
  user: AuthUser,
  id: number,
  body: Update,
) {
  const entry = await findEntry(deps.db.manager, user, id);
  authorize(user, 'data:edit');
  refuseStaffFields(user, body, {
    exclude_from_model: entry.excludeFromModel,
    donor_sample: entry.donorSample,
  });
  await applyBody(deps.db.manager, entry, body);
  await repo.saveClinicalData(deps.db.manager, entry);
  await recompute(deps.db, entry.instituteId);
  return getClinicalData(deps, user, id);
}

export async function deleteClinicalData(deps: ClinicalDataDeps, user: AuthUser, id: number) {
  const entry = await findEntry(deps.db.manager, user, id);
  authorize(user, 'data:edit');
  await repo.deleteClinicalData(deps.db.manager, entry.id);
  await recompute(deps.db, entry.instituteId);
}

/** Rows per INSERT: few round trips, and memory holds one batch of the file at a time. */
export const IMPORT_BATCH = 5000;

/**
 * How far the heap may grow during an import before a full collection is asked for. Measured
 * with 100,000 rows (import-memory.api.test.ts) on this 2-core machine: without, RSS +48 MB;
 * 16 MB, +20 MB; 8 MB, +15 MB, the time lost to the collections lost in the machine's noise.
 */
const IMPORT_GROWTH_BYTES = 8 * 1024 * 1024;

/** The institute's lines by the name a file gives them; a name two lines share is ambiguous. */
async function linesByName(manager: EntityManager, instituteId: number): Promise<LinesByName> {
  const byName = new Map<string, number | 'ambiguous'>();
  for (const { id, name } of await repo.instituteLineNames(manager, instituteId)) {
    const key = lineNameKey(name);
    byName.set(key, byName.has(key) ? 'ambiguous' : id);
  }
  return byName;
}

const fileProblems = (problems: ClinicalCsvProblem[]) =>
  new DomainError(
    422,
    problems.map((p) => ({ loc: ['file', p.line, p.column], msg: p.msg, type: 'value_error' })),
  );

/**
 * Streams a staged import file through the parser and stores its entries in batches inside one
 * transaction, all or nothing: any problem rolls back what was stored and answers 422 with the
 * problems by line and column. The entries' own audit entries are muted; one entry tells the
 * import (its file name and count). Answers how many entries it stored.
 */
async function storeImport(
  db: DataSource,
  instituteId: number,
  file: ReceivedFile,
  labelIds: number[],
): Promise<number> {
  return db.transaction(async (manager) => {
    const parser = new ClinicalCsvParser(await linesByName(manager, instituteId));
    await muteAuditOf(manager, 'clinical_data');
    // A batch outlives the scavenges during its INSERT, so its rows reach the old generation:
    // without full collections on the way, 100,000 rows grew the server's memory by 48 MB.
    const collectPastGrowth = fullCollectionsPastGrowth(IMPORT_GROWTH_BYTES);
    const flush = async (min: number) => {
      if (parser.problems.length) {
        parser.takeBatch(); // refused: nothing more is stored
      } else if (parser.batchSize >= min) {
        await repo.insertImportedEntries(manager, instituteId, parser.takeBatch(), labelIds);
        collectPastGrowth();
      }
    };
    for await (const chunk of file.open() as AsyncIterable<Buffer>) {
      parser.push(chunk);
      await flush(IMPORT_BATCH);
      if (parser.stopped) break;
    }
    parser.end();
    await flush(1);
    if (parser.problems.length) throw fileProblems(parser.problems);
    await writeAuditEntry(manager, {
      instituteId,
      objectType: 'clinical_data',
      objectId: null,
      action: 'imported',
      changes: { file_name: file.fileName.slice(0, 255), count: parser.count },
    });
    return parser.count;
  });
}

/**
 * The CSV import (method-comparison.md section 1): users who may add clinical data send a file
 * whose rows become entries, each with the form's labels. Users who may not are refused before
 * the body is received; the file is only read, never kept. The model recalibrates after.
 */
export async function importClinicalData(
  deps: ClinicalDataDeps,
  user: AuthUser,
  instituteId: number,
  receive: Receive<ReceivedForm>,
): Promise<number> {
  await gate(deps.db.manager, user, instituteId);
  authorize(user, 'data:edit');
  const { fields, file } = await receive();
  let created: number;
  try {
    if (!file || file.size === 0 || !/\.csv$/i.test(file.fileName))
      throw invalidField('file', CLINICAL_DATA_MESSAGES.fileRequired);
    const form = parseFormFields(clinicalDataImportFields, fields);
    const labels = await labelsOfInstitute(deps.db.manager, instituteId, form.labels ?? []);
    created = await storeImport(
      deps.db,
      instituteId,
      file,
      labels.map((l) => l.id),
    );
  } finally {
    await file?.discard();
  }
  await recompute(deps.db, instituteId);
  return created;
}

/** The records a new or edited entry may link, around the chosen date. */
export async function listRecordChoices(
  { db }: ClinicalDataDeps,
  user: AuthUser,
  instituteId: number,
  date: string,
) {
  const institute = await gate(db.manager, user, instituteId);
  return repo.recordChoices(db.manager, instituteId, institute.timezone, date);
}

/** The rejection model in use (the Analyzer section of /settings); readable by every role. */
export async function getRejectionModel(
  { db }: ClinicalDataDeps,
  user: AuthUser,
  instituteId: number,
) {
  authorize(user, 'read', instituteId);
  if (!(await instituteExists(db.manager, instituteId))) throw notFound();
  return {
    model: await modelFor(db.manager, instituteId),
    minEntries: MIN_CALIBRATION_ENTRIES,
  };
}

/** Record fields whose change can make a linked entry usable or not for the calibration. */
const CALIBRATION_RECORD_FIELDS = [
  'exclude',
  'hidden',
  'test_run',
  'short_run_error',
  'flatline_error',
  'no_run_error',
  'institute',
] as const;

/**
 * After a record changed: when clinical data links it and a field the calibration reads changed,
 * the institutes of those entries recompute their stored rejections (their model changed).
 */
export async function recalibrateAfterRecordChange(
  { db }: ClinicalDataDeps,
  recordId: number,
  patch: Partial<Record<(typeof CALIBRATION_RECORD_FIELDS)[number], unknown>>,
): Promise<void> {
  if (!CALIBRATION_RECORD_FIELDS.some((f) => patch[f] !== undefined)) return;
  for (const instituteId of await repo.institutesLinkingRecord(db.manager, recordId))
    await recompute(db, instituteId);
}
