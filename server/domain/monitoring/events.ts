import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import {
  evaluateSequence,
  isAlarm,
  monitoringBaseline,
} from '../../../shared/domain/monitoring-rules';
import { baselinesOf } from '../baselines/service';
import type { MailJobs } from '../notifications/service';
import { eventOpened } from '../notifications/triggers';
import { readyValidationsOf } from '../validations/ready';
import { openOrAddToEvent } from './events-repository';
import { sequenceRows } from './repository';

/** Each of these records that is in its line's monitoring sequence, with that line. */
async function sequenceMembers(
  manager: EntityManager,
  recordIds: number[],
): Promise<Map<number, number>> {
  const onLines: { line_id: number }[] = await manager.query(
    `SELECT DISTINCT line_id FROM records WHERE id = ANY($1) AND line_id IS NOT NULL`,
    [recordIds],
  );
  const baselines = [
    ...(
      await baselinesOf(
        manager,
        onLines.map((r) => r.line_id),
      )
    ).values(),
  ];
  if (!baselines.length) return new Map();
  const rows: { id: number; line_id: number }[] = await manager.query(
    `SELECT r.id, r.line_id
     FROM records r
     JOIN unnest($2::int[], $3::int[]) AS b(line_id, validation_id) ON b.line_id = r.line_id
     JOIN validations v ON v.id = b.validation_id
     WHERE r.id = ANY($1) AND r.date > v.completed_at AND ${includedRecordSql('r')}`,
    [recordIds, baselines.map((b) => b.lineId), baselines.map((b) => b.validationId)],
  );
  return new Map(rows.map((r) => [r.id, r.line_id]));
}

/**
 * Evaluates the rules at records that entered a line's sequence and opens an event for each alarm
 * that fires there, or adds the firing to the (line, rule)'s event that is not closed. One line at
 * a time under a transaction lock, in line order: a record of the line processed at the same
 * time waits, then reads this one's sequence with it.
 */
async function openEvents(
  manager: EntityManager,
  queue: MailJobs,
  entered: Map<number, number>,
): Promise<void> {
  const lines = [...new Set(entered.values())].sort((a, b) => a - b);
  for (const lineId of lines) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('monitoring'), $1)`, [lineId]);
    const baseline = (await baselinesOf(manager, [lineId])).get(lineId);
    const figures = monitoringBaseline(baseline ? baseline.records.map((r) => r.auc) : null);
    if (!baseline || typeof figures === 'string') continue;
    const rows = await sequenceRows(manager, lineId, baseline.validationId);
    const { points } = evaluateSequence(
      rows.map((r) => r.auc),
      figures,
    );
    for (const [k, row] of rows.entries()) {
      if (entered.get(row.id) !== lineId) continue;
      for (const firing of points[k].rules) {
        if (!isAlarm(firing.rule)) continue;
        const event = await openOrAddToEvent(manager, lineId, firing, row.id);
        // Its first firing notifies; the next ones only count on the event.
        if (event.opened) await eventOpened(manager, queue, { ...firing, id: event.id, lineId });
      }
    }
  }
}

/**
 * Runs `write`, which changes these records in the transaction of `manager`, then opens the events
 * of every record it put into a line's sequence (processed, included again, assigned to the line,
 * dated after the baseline): in a sequence now, and not in that line's before. Records already in
 * the sequence open nothing, whatever the write did to them. Then the in-progress validations the
 * records belong to are told when they have all their records. Notifications of both are written
 * in the same transaction, their e-mails queued on `queue` in it too.
 */
export async function writeRecordsWithEvents<T>(
  manager: EntityManager,
  queue: MailJobs,
  recordIds: number[],
  write: () => Promise<T>,
): Promise<T> {
  const before = await sequenceMembers(manager, recordIds);
  const result = await write();
  const after = await sequenceMembers(manager, recordIds);
  for (const [id, line] of [...after]) if (before.get(id) === line) after.delete(id);
  if (after.size) await openEvents(manager, queue, after);
  await readyValidationsOf(manager, queue, recordIds);
  return result;
}
