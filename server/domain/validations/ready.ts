import type { EntityManager } from 'typeorm';
import { RECORDS_PER_LINE_PER_DAY } from '../../../shared/api/validations';
import { includedRecordSql } from '../../../shared/domain/included-record';
import type { MailJobs } from '../notifications/service';
import { validationReady } from '../notifications/triggers';

/**
 * Of these validations, the ones in progress that have not yet said they are ready; with their
 * lines, every one holding at least 4 included records per day of the duration (the summary's
 * records remaining at 0 or fewer).
 */
async function readyOnes(manager: EntityManager, ids: number[]) {
  const rows: { id: number; name: string; institute_id: number }[] = await manager.query(
    `SELECT v.id, v.name, v.institute_id FROM validations v
      WHERE v.id = ANY($1) AND v.status = 'inprogress'
        AND NOT EXISTS (SELECT 1 FROM notification_causes c
                         WHERE c.kind = 'validation_ready' AND c.subject = 'validation:' || v.id)
        AND EXISTS (SELECT 1 FROM validation_lines vl WHERE vl.validation_id = v.id)
        AND NOT EXISTS (
          SELECT 1 FROM validation_lines vl
           WHERE vl.validation_id = v.id
             AND (SELECT count(*) FROM records r
                   WHERE r.validation_id = v.id AND r.line_id = vl.line_id
                     AND ${includedRecordSql('r')}) < $2 * v.duration_days)
      ORDER BY v.id`,
    [ids, RECORDS_PER_LINE_PER_DAY],
  );
  return rows;
}

/**
 * Notifies, once per validation, that these in-progress validations have all their records, in
 * the transaction of `manager`. Each validation is judged under a transaction lock of its own:
 * two records completing one validation at once are counted one after the other, so the second
 * sees the first and the validation is not missed.
 */
export async function announceReadyValidations(
  manager: EntityManager,
  queue: MailJobs,
  validationIds: number[],
) {
  const ids = [...new Set(validationIds)].sort((a, b) => a - b);
  const open: { id: number }[] = ids.length
    ? await manager.query(
        `SELECT id FROM validations WHERE id = ANY($1) AND status = 'inprogress' ORDER BY id`,
        [ids],
      )
    : [];
  for (const { id } of open) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('validation-ready'), $1)`, [id]);
    for (const v of await readyOnes(manager, [id])) {
      await validationReady(manager, queue, {
        id: v.id,
        name: v.name,
        instituteId: v.institute_id,
      });
    }
  }
}

/** The same for the validations these records belong to (after the records were written). */
export async function readyValidationsOf(
  manager: EntityManager,
  queue: MailJobs,
  recordIds: number[],
) {
  const rows: { id: number }[] = await manager.query(
    `SELECT DISTINCT validation_id AS id FROM records
      WHERE id = ANY($1) AND validation_id IS NOT NULL`,
    [recordIds],
  );
  await announceReadyValidations(
    manager,
    queue,
    rows.map((r) => r.id),
  );
}
