import { writeRecordsWithEvents } from '../monitoring/events';
import type { MailJobs } from '../notifications/service';
import type { DataSource, EntityManager } from 'typeorm';
import type { RecordBulkUpdate } from '../../../shared/api/record-bulk';
import { ARCHIVED_LINE_LOCKED, REVIEW_NEEDS_LINE } from '../../../shared/domain/record-line-rules';
import type { AuthUser } from '../../auth/auth-user';
import type { TransitRecord } from '../../entities/record';
import { invalidField, notFound } from '../errors';
import { assignableLine } from '../lines/service';
import { authorize, can } from '../policy';
import * as repo from './repository';
import { setOffView, type SetOffView } from './service';

type Selected = Pick<TransitRecord, 'id' | 'lineId'>;

/**
 * The records to change, locked until the transaction ends. Any id that is not one of the
 * institute's records visible to the user fails the whole request with a 404 that names none of
 * them, so a bulk request cannot probe which ids exist elsewhere.
 */
async function lockRecords(
  manager: EntityManager,
  user: AuthUser,
  instituteId: number,
  ids: number[],
) {
  const records = await repo.lockRecords(manager, instituteId, ids, can(user, 'records:hidden'));
  if (records.length !== ids.length) throw notFound();
  return records;
}

/**
 * Puts records on a line with the single edit's rules: a record on an archived line stays there,
 * an archived line cannot be chosen, and a record that changes line loses its validation.
 */
async function assignLine(
  manager: EntityManager,
  instituteId: number,
  records: Selected[],
  lineId: number,
) {
  const moving = records.filter((r) => r.lineId !== lineId).map((r) => r.id);
  if (!moving.length) return;
  if (await repo.anyOnArchivedLine(manager, moving)) {
    throw invalidField('line', ARCHIVED_LINE_LOCKED);
  }
  await assignableLine(manager, instituteId, lineId);
  await repo.updateRecords(manager, moving, { lineId, validationId: null });
}

/**
 * Excludes, reviews or assigns many records of one institute at once, all or nothing. Answers how
 * many, and what the change set off in monitoring.
 */
export async function bulkUpdateRecords(
  { db, queue }: { db: DataSource; queue: MailJobs },
  user: AuthUser,
  instituteId: number,
  body: RecordBulkUpdate,
): Promise<{ updated: number; setOff: SetOffView }> {
  authorize(user, 'data:edit', instituteId);
  const ids = [...new Set(body.ids)];
  const setOff = await db.transaction(async (manager) => {
    const records = await lockRecords(manager, user, instituteId, ids);
    const fired = await writeRecordsWithEvents(manager, queue, ids, async () => {
      if (body.line !== undefined) await assignLine(manager, instituteId, records, body.line);
      else if (body.is_reviewed === true && records.some((r) => r.lineId === null))
        throw invalidField('line', REVIEW_NEEDS_LINE);
      const flags: Partial<Pick<TransitRecord, 'exclude' | 'isReviewed'>> = {};
      if (body.exclude !== undefined) flags.exclude = body.exclude;
      if (body.is_reviewed !== undefined) flags.isReviewed = body.is_reviewed;
      if (Object.keys(flags).length) await repo.updateRecords(manager, ids, flags);
    });
    return setOffView(manager, fired);
  });
  return { updated: ids.length, setOff };
}
