import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  HEMOLYSIS_MAX_ROWS,
  HEMOLYSIS_MESSAGES,
  hemolysisTitle,
  hemolysisUploadFields,
  titleFromFileName,
  type hemolysisDataListQuery,
  type hemolysisDataUpdate,
  type measurementListQuery,
  type measurementUpdate,
  type summaryQuery,
} from '../../../shared/api/hemolysis';
import type { AuthUser } from '../../auth/auth-user';
import type { Label } from '../../entities/label';
import type { BlobStore, ReceivedFile } from '../../storage/blob-store';
import { readStoredFile, releaseBlobs } from '../blobs/service';
import { conflict, DomainError, invalidField, notFound } from '../errors';
import { requireFeature } from '../institutes/service';
import { labelsOfInstitute } from '../labels/service';
import { findInstituteLine } from '../lines/repository';
import { authorize } from '../policy';
import { thresholdsFor } from '../rejection/service';
import { parseFormFields, type Receive, type ReceivedForm } from '../uploads';
import { HemolysisCsvParser, type CsvProblem } from './csv';
import * as repo from './repository';

/** What the hemolysis services need. */
export interface HemolysisDeps {
  db: DataSource;
  /** The uploaded CSV files, content-addressed. */
  blobs: Pick<BlobStore, 'read' | 'remove'>;
}
type DbDeps = Pick<HemolysisDeps, 'db'>;

/** Rows per INSERT: large enough for few round trips, small enough to keep memory flat. */
export const INSERT_BATCH = 5000;

/** Tenancy (404), then the hemolysisTracking flag (403 with a detail). */
const gate = (manager: EntityManager, user: AuthUser, instituteId: number) =>
  requireFeature(manager, user, instituteId, 'hemolysisTracking');

async function findData(manager: EntityManager, user: AuthUser, id: number) {
  const data = await repo.findHemolysisData(manager, id);
  if (!data) throw notFound();
  await gate(manager, user, data.instituteId);
  return data;
}

export async function listHemolysisData(
  { db }: DbDeps,
  user: AuthUser,
  instituteId: number,
  query: z.output<typeof hemolysisDataListQuery>,
) {
  await gate(db.manager, user, instituteId);
  return repo.pageOfHemolysisData(db.manager, instituteId, query);
}

export function getHemolysisData({ db }: DbDeps, user: AuthUser, id: number) {
  return findData(db.manager, user, id);
}

async function lineOf(manager: EntityManager, instituteId: number, id: number) {
  const line = await findInstituteLine(manager, instituteId, id);
  if (!line) throw invalidField('line', HEMOLYSIS_MESSAGES.noSuchLine);
  return line;
}

const fileProblems = (problems: CsvProblem[]) =>
  new DomainError(
    422,
    problems.map((p) => ({ loc: ['file', p.line, p.column], msg: p.msg, type: 'value_error' })),
  );

export interface HemolysisDataFields {
  instituteId: number;
  title: string;
  lineId: number;
  donorSample: boolean;
  labels: Label[];
  timezoneName: string;
}

/**
 * Stores a checked data set and its file: the staged file is streamed through the parser and its
 * measurements inserted in batches inside one transaction. A bad file rolls everything back and
 * answers 422 with its line-numbered problems; the caller discards the staged file then.
 */
export async function importHemolysisCsv(
  db: DataSource,
  fields: HemolysisDataFields,
  file: ReceivedFile,
): Promise<number> {
  return db.transaction(async (manager) => {
    const data = await repo.insertHemolysisData(manager, {
      ...fields,
      fileName: file.fileName.slice(0, 255),
      fileSha256: file.sha256,
      fileSize: String(file.size),
    });
    const parser = new HemolysisCsvParser({
      timezone: fields.timezoneName,
      maxRows: HEMOLYSIS_MAX_ROWS,
    });
    let timestamps: number[] = [];
    let values: number[] = [];
    const flush = async () => {
      if (!timestamps.length || parser.problems.length) return;
      await repo.insertMeasurements(manager, data.id, timestamps, values);
      timestamps = [];
      values = [];
    };
    const take = async (rows: ReturnType<HemolysisCsvParser['push']>) => {
      if (parser.problems.length) return; // refused: read on for more problems, store nothing
      for (const row of rows) {
        timestamps.push(row.timestamp);
        values.push(row.value);
      }
      if (timestamps.length >= INSERT_BATCH) await flush();
    };
    for await (const chunk of file.open() as AsyncIterable<Buffer>) {
      await take(parser.push(chunk));
      if (parser.stopped) break;
    }
    await take(parser.end());
    if (parser.problems.length) throw fileProblems(parser.problems);
    await flush();
    await repo.setSkippedRows(manager, data.id, parser.skipped);
    await repo.refreshMeasurementSummary(manager, data.id);
    await file.commit();
    return data.id;
  });
}

/**
 * Creates a data set from an upload (hemolysis-data.md section 3). Users who may not add data are
 * refused before the body is received. The staged file is streamed through the parser and its
 * measurements inserted in batches inside one transaction: a bad file rolls everything back and
 * discards the file, so a refused upload leaves nothing behind.
 */
export async function createHemolysisData(
  { db }: DbDeps,
  user: AuthUser,
  instituteId: number,
  receive: Receive<ReceivedForm>,
): Promise<number> {
  const institute = await gate(db.manager, user, instituteId);
  authorize(user, 'data:edit');
  const { fields, file } = await receive();
  try {
    if (!file || file.size === 0 || !/\.csv$/i.test(file.fileName))
      throw invalidField('file', HEMOLYSIS_MESSAGES.fileRequired);
    const form = parseFormFields(hemolysisUploadFields, fields);
    const line = await lineOf(db.manager, instituteId, form.line);
    const title = hemolysisTitle.safeParse(form.title ?? titleFromFileName(file.fileName));
    if (!title.success) throw invalidField('title', title.error.issues[0].message);
    const labels = await labelsOfInstitute(db.manager, instituteId, form.labels ?? []);

    return await importHemolysisCsv(
      db,
      {
        instituteId,
        title: title.data,
        lineId: line.id,
        donorSample: form.donor_sample ?? false,
        labels,
        timezoneName: form.timezone_name ?? institute.timezone,
      },
      file,
    );
  } catch (err) {
    await file?.discard();
    throw err;
  }
}

export async function updateHemolysisData(
  { db }: DbDeps,
  user: AuthUser,
  id: number,
  body: z.output<typeof hemolysisDataUpdate>,
) {
  const data = await findData(db.manager, user, id);
  authorize(user, 'data:edit');
  if (
    data.source === 'feed' &&
    ((body.line !== undefined && body.line !== data.lineId) ||
      (body.donor_sample !== undefined && body.donor_sample !== data.donorSample))
  )
    throw conflict(HEMOLYSIS_MESSAGES.feedSetFollowsMappings);
  if (body.title !== undefined) data.title = body.title;
  if (body.line !== undefined) {
    data.line = await lineOf(db.manager, data.instituteId, body.line);
    data.lineId = data.line.id;
  }
  if (body.donor_sample !== undefined) data.donorSample = body.donor_sample;
  if (body.labels !== undefined)
    data.labels = await labelsOfInstitute(db.manager, data.instituteId, body.labels);
  await repo.saveHemolysisData(db.manager, data);
  return findData(db.manager, user, id);
}

/** Deletes the data set, and its CSV file with it unless something else stores the same content. */
export async function deleteHemolysisData(deps: HemolysisDeps, user: AuthUser, id: number) {
  const data = await findData(deps.db.manager, user, id);
  authorize(user, 'data:edit');
  if (data.source === 'feed') throw conflict(HEMOLYSIS_MESSAGES.feedSetFollowsMappings);
  await repo.deleteHemolysisData(deps.db.manager, data.id);
  if (data.fileSha256) await releaseBlobs(deps, [data.fileSha256]);
}

export async function hemolysisFile(deps: HemolysisDeps, user: AuthUser, id: number) {
  const data = await findData(deps.db.manager, user, id);
  if (!data.fileSha256) throw notFound();
  return {
    fileName: data.fileName,
    bytes: await readStoredFile(deps, data.fileSha256, 'hemolysis data file'),
  };
}

export async function listMeasurements(
  { db }: DbDeps,
  user: AuthUser,
  id: number,
  query: z.output<typeof measurementListQuery>,
) {
  const data = await findData(db.manager, user, id);
  return repo.pageOfMeasurements(db.manager, data.id, query);
}

async function findMeasurement(manager: EntityManager, user: AuthUser, dataId: number, id: number) {
  await findData(manager, user, dataId);
  const m = await repo.findMeasurement(manager, dataId, id);
  if (!m) throw notFound();
  return m;
}

export function getMeasurement({ db }: DbDeps, user: AuthUser, dataId: number, id: number) {
  return findMeasurement(db.manager, user, dataId, id);
}

export async function updateMeasurement(
  { db }: DbDeps,
  user: AuthUser,
  dataId: number,
  id: number,
  body: z.output<typeof measurementUpdate>,
) {
  const m = await findMeasurement(db.manager, user, dataId, id);
  authorize(user, 'data:edit');
  if (m.resultId !== null) throw conflict(HEMOLYSIS_MESSAGES.feedMeasurementFromLab);
  if (body.timestamp !== undefined) m.timestamp = new Date(body.timestamp);
  if (body.value !== undefined) m.value = body.value;
  await repo.saveMeasurement(db.manager, m);
  await repo.refreshMeasurementSummary(db.manager, dataId);
  return m;
}

export async function listMeasurementDays({ db }: DbDeps, user: AuthUser, id: number) {
  const data = await findData(db.manager, user, id);
  return {
    timezone_name: data.timezoneName,
    days: await repo.measurementDays(db.manager, data.id, data.timezoneName),
  };
}

const rates = (ldh: number, asat: number, potassium: number) => ({ ldh, asat, potassium });

/**
 * Observed against predicted rejection per line and period (hemolysis-data.md section 4): the
 * measurements are grouped and summarised by the database; the prediction is the mean of the
 * probabilities the records table stores for the line's included records in the same period.
 */
export async function hemolysisSummary(
  { db }: DbDeps,
  user: AuthUser,
  instituteId: number,
  q: z.output<typeof summaryQuery>,
) {
  const institute = await gate(db.manager, user, instituteId);
  const filter = {
    instituteId,
    zone: institute.timezone,
    frequency: q.frequency,
    lineIds: q.line_ids,
    from: q.timestamp__gte,
    to: q.timestamp__lte,
    donorSample: q.donor_sample,
  };
  const thresholds = await thresholdsFor(db.manager, instituteId);
  const [periods, range] = await Promise.all([
    repo.measurementPeriods(db.manager, filter, thresholds),
    repo.measurementRange(db.manager, filter),
  ]);
  const lineIds = [...new Set(periods.map((p) => p.line_id))];
  const predicted = new Map(
    (lineIds.length ? await repo.recordPeriods(db.manager, { ...filter, lineIds }) : []).map(
      (r) => [`${r.line_id}@${new Date(r.period_start).getTime()}`, r],
    ),
  );
  return {
    range:
      range?.start && range.end
        ? { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() }
        : null,
    data: periods.map((p) => {
      const start = new Date(p.period_start);
      const pred = predicted.get(`${p.line_id}@${start.getTime()}`);
      return {
        line_id: p.line_id,
        line_name: p.line_name,
        period_start: start.toISOString(),
        count: p.count,
        mean: p.mean,
        median: p.median,
        p95: p.p95,
        rejected: rates(p.rejected_ldh, p.rejected_asat, p.rejected_potassium),
        predicted: pred ? rates(pred.ldh, pred.asat, pred.potassium) : null,
        records: pred?.records ?? 0,
      };
    }),
  };
}
