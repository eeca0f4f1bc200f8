import { writeRecordsWithEvents, type EventSetOff, type SetOff } from '../monitoring/events';
import { alarmsOfRecords, namesOf } from '../monitoring/record-alarms';
import type { Notified } from '../notifications/service';
import type { MailJobs } from '../notifications/service';
import type { DataSource, EntityManager } from 'typeorm';
import { ARCHIVED_LINE_LOCKED, REVIEW_NEEDS_LINE } from '../../../shared/domain/record-line-rules';
import {
  STAFF_RECORD_FIELDS,
  type RecordAlarmDto,
  type RecordDto,
  type RecordListQuery,
  type RecordPatch,
} from '../../../shared/api/records';
import type { AuthUser } from '../../auth/auth-user';
import type { TransitRecord } from '../../entities/record';
import type { SeriesKind } from '../../../shared/vial/series';
import { BlobMissingError } from '../../storage/blob-store';
import type { RunCache } from '../../storage/run-cache';
import { outOfRangeOf } from '../baselines/service';
import { clinicalDataCountOf } from '../clinical-data/repository';
import { recalibrateAfterRecordChange } from '../clinical-data/service';
import { DomainError, forbidden, gone, invalidField, notFound } from '../errors';
import { assertAreaOpen, checkNamedInstitute } from '../institutes/service';
import { labelsOfInstitute } from '../labels/service';
import { assignableLine } from '../lines/service';
import type { Page } from '../pagination';
import { authorize, can } from '../policy';
import { rejectionSettings, storedRejection } from '../rejection/service';
import { findValidationWithLines } from '../validations/repository';
import * as repo from './repository';
import { computeAndKeep, findRecordWithSeries, seriesTag } from './series';

export interface RecordDeps {
  db: DataSource;
  /** Where the e-mails of notifications an edit causes are queued, in its transaction. */
  queue: MailJobs;
  /** Parsed runs, for chart series. */
  runs: RunCache;
}

/** A record with its clinical data count and its position against its line's validated range. */
export interface RecordView extends repo.CountedRecord {
  outOfRange: RecordDto['out_of_range'];
  /** The monitoring events the record fired. */
  alarms: RecordAlarmDto[];
}

/** What a save set off, with the names of its lines and of the people it notified. */
export interface SetOffView {
  events: (EventSetOff & { lineName: string })[];
  notified: (Notified & { name: string })[];
}

export const seesHidden = (user: AuthUser) => can(user, 'records:hidden');

async function viewsOf(
  manager: EntityManager,
  counted: repo.CountedRecord[],
): Promise<RecordView[]> {
  const records = counted.map(({ record }) => record);
  const [ranges, alarms] = await Promise.all([
    outOfRangeOf(manager, records),
    alarmsOfRecords(
      manager,
      records.map((r) => r.id),
    ),
  ]);
  return counted.map(({ record, clinicalDataCount }) => ({
    record,
    outOfRange: ranges.get(record.id) ?? null,
    alarms: alarms.get(record.id) ?? [],
    clinicalDataCount,
  }));
}

export async function listRecords(
  { db }: Pick<RecordDeps, 'db'>,
  user: AuthUser,
  instituteId: number,
  q: RecordListQuery,
): Promise<Page<RecordView>> {
  authorize(user, 'read', instituteId);
  const page = await repo.pageOfRecords(db.manager, instituteId, seesHidden(user), q);
  return { items: await viewsOf(db.manager, page.items), total: page.total };
}

export async function recordSummary(
  { db }: Pick<RecordDeps, 'db'>,
  user: AuthUser,
  instituteId: number,
) {
  authorize(user, 'read', instituteId);
  return repo.summaryCounts(db.manager, instituteId);
}

/** The record, or 404 when it does not exist, is hidden from the user, or is another institute's. */
async function findRecord(manager: EntityManager, user: AuthUser, id: number) {
  const record = await repo.findRecord(manager, id, seesHidden(user));
  if (!record) throw notFound();
  authorize(user, 'read', record.instituteId);
  return record;
}

export async function getRecord(
  { db }: Pick<RecordDeps, 'db'>,
  user: AuthUser,
  id: number,
): Promise<RecordView> {
  const record = await findRecord(db.manager, user, id);
  // The count, the line's range and the alarms need only the record: asked for together.
  const [clinicalDataCount, ranges, alarms] = await Promise.all([
    clinicalDataCountOf(db.manager, record),
    outOfRangeOf(db.manager, [record]),
    alarmsOfRecords(db.manager, [record.id]),
  ]);
  return {
    record,
    clinicalDataCount,
    outOfRange: ranges.get(record.id) ?? null,
    alarms: alarms.get(record.id) ?? [],
  };
}

/** The set-off of a save in words' terms: its lines and notified people named. */
export async function setOffView(manager: EntityManager, setOff: SetOff): Promise<SetOffView> {
  const names = await namesOf(
    manager,
    [...new Set(setOff.events.map((e) => e.lineId))],
    setOff.notified.map((n) => n.userId),
  );
  return {
    events: setOff.events.map((e) => ({ ...e, lineName: names.lines.get(e.lineId) ?? '' })),
    notified: setOff.notified.map((n) => ({ ...n, name: names.users.get(n.userId) ?? '' })),
  };
}

/** Records can be linked only to in-progress validations of their line. */
async function assertValidationFits(
  manager: EntityManager,
  record: TransitRecord,
  validationId: number,
) {
  const validation = await findValidationWithLines(manager, validationId);
  const fits =
    validation &&
    validation.instituteId === record.instituteId &&
    validation.status === 'inprogress' &&
    validation.lines.some((l) => l.id === record.lineId);
  if (!fits) {
    throw invalidField(
      'validation',
      'Records can be linked only to in-progress validations of their line.',
    );
  }
}

/**
 * Applies a review-form or staff edit with the rules of monitoring.md section 4. Answers the
 * record and what the save set off (line-monitoring.md §3 and §4): the events it opened or added
 * to and who was notified.
 */
export async function patchRecord(
  deps: Pick<RecordDeps, 'db' | 'queue'>,
  user: AuthUser,
  id: number,
  patch: RecordPatch,
): Promise<{ view: RecordView; setOff: SetOffView }> {
  const setOff = await deps.db.transaction(async (manager) => {
    await repo.lockRecord(manager, id); // one edit of a record at a time, then read it fresh
    const record = await findRecord(manager, user, id);
    authorize(user, 'data:edit');
    const staffField = STAFF_RECORD_FIELDS.find((f) => patch[f] !== undefined);
    if (staffField && !can(user, 'records:staff-fields')) {
      throw forbidden(`Only the provider's staff can change ${staffField}.`);
    }
    const institutesChange =
      patch.institute !== undefined && patch.institute !== record.instituteId;
    if (institutesChange) {
      await checkNamedInstitute(manager, patch.institute);
      // A record moved to another institute leaves this one's line, validation and labels behind.
      record.instituteId = patch.institute!;
      record.institute = undefined as never;
      record.line = null;
      record.lineId = null;
      record.validationId = null;
      record.labels = [];
      // Another institute has other analyzer thresholds and model: its rejection figures.
      if (record.auc !== null) {
        const settings = await rejectionSettings(manager, record.instituteId);
        Object.assign(record, storedRejection(record.auc, settings));
      }
    }
    if (patch.line !== undefined && patch.line !== record.lineId) {
      if (record.line?.archived) throw invalidField('line', ARCHIVED_LINE_LOCKED);
      const line =
        patch.line === null ? null : await assignableLine(manager, record.instituteId, patch.line);
      record.line = line;
      record.lineId = line?.id ?? null;
      record.validationId = null; // assigning a line clears the validation
    }
    if (patch.validation !== undefined) {
      if (patch.validation !== null) await assertValidationFits(manager, record, patch.validation);
      record.validationId = patch.validation;
    }
    if (patch.labels !== undefined) {
      record.labels = await labelsOfInstitute(manager, record.instituteId, patch.labels);
    }
    if (patch.exclude !== undefined) record.exclude = patch.exclude;
    if (patch.is_reviewed === true && record.lineId === null)
      throw invalidField('line', REVIEW_NEEDS_LINE);
    if (patch.is_reviewed !== undefined) record.isReviewed = patch.is_reviewed;
    if (patch.date !== undefined) record.date = new Date(patch.date);
    if (patch.hidden !== undefined) record.hidden = patch.hidden;
    if (patch.test_run !== undefined) record.testRun = patch.test_run;
    if (patch.short_run_error !== undefined) record.shortRunError = patch.short_run_error;
    if (patch.flatline_error !== undefined) record.flatlineError = patch.flatline_error;
    if (patch.no_run_error !== undefined) record.noRunError = patch.no_run_error;
    const fired = await writeRecordsWithEvents(manager, deps.queue, [id], () =>
      repo.saveRecord(manager, record),
    );
    return setOffView(manager, fired);
  });
  // A record that clinical data links feeds its institute's calibrated model.
  await recalibrateAfterRecordChange(deps, id, patch);
  return { view: await getRecord(deps, user, id), setOff };
}

/** The answer for a record whose run file is gone from the blob store (lost or restored store). */
export const MISSING_RUN_FILE =
  'The run file of this record is missing from storage, so its charts cannot be shown. Restore the file store from a backup or upload the run again.';

async function runFile({ runs }: Pick<RecordDeps, 'runs'>, sha256: string) {
  try {
    return await runs.get(sha256);
  } catch (err) {
    if (err instanceof BlobMissingError) throw gone(MISSING_RUN_FILE);
    throw err;
  }
}

/** What the HTTP layer sends: the JSON of a series, named by a tag (equal tags, equal bytes). */
export interface SeriesAnswer {
  tag: string;
  /** The JSON answer, gzip-compressed: stored, or computed from the run when none is. */
  gzippedJson: () => Promise<Buffer>;
}

/**
 * A chart series of a record: the stored one when there is one (no run parsed), otherwise
 * computed from the run and, for the renderer's max_points, stored for the next request (records
 * processed before series were stored, or whose run or series format changed since).
 */
export async function recordSeries(
  deps: Pick<RecordDeps, 'db' | 'runs'>,
  user: AuthUser,
  id: number,
  kind: SeriesKind,
  maxPoints: number,
): Promise<SeriesAnswer> {
  const found = await findRecordWithSeries(deps.db.manager, id, kind, maxPoints);
  if (!found || (found.hidden && !seesHidden(user))) throw notFound();
  authorize(user, 'read', found.instituteId);
  assertAreaOpen(
    user,
    { id: found.instituteId, featureFlags: found.featureFlags },
    'troubleshooting',
  );
  if (!found.isProcessed) throw new DomainError(409, 'The record has not been processed yet.');
  const { sha256, body } = found;
  return {
    tag: seriesTag(sha256, kind, maxPoints),
    gzippedJson: async () =>
      body ??
      computeAndKeep(deps.db.manager, { id, sha256 }, await runFile(deps, sha256), kind, maxPoints),
  };
}
