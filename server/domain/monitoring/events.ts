import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { EVALUATION_WARM_UP, isAlarm } from '../../../shared/domain/monitoring-rules';
import { baselinesOf, type LineBaseline } from '../baselines/service';
import type { MailJobs } from '../notifications/service';
import { eventOpened } from '../notifications/triggers';
import { readyValidationsOf } from '../validations/ready';
import { openOrAddToEvent } from './events-repository';
import { sequenceFrom } from './repository';
import { judgedLine, pointsOf } from './service';

/** Records of a line with a baseline, each with its line, and those baselines. */
interface OnJudgedLines {
  records: Map<number, number>;
  baselines: Map<number, LineBaseline>;
}

/**
 * Each of these records that is included and on a line with a baseline: the records that may be
 * in a sequence (only included ones can; a run not processed yet costs no baseline lookup).
 */
async function onJudgedLines(manager: EntityManager, recordIds: number[]): Promise<OnJudgedLines> {
  const rows: { id: number; line_id: number }[] = await manager.query(
    `SELECT r.id, r.line_id FROM records r
     WHERE r.id = ANY($1) AND r.line_id IS NOT NULL AND ${includedRecordSql('r')}`,
    [recordIds],
  );
  const baselines = await baselinesOf(manager, [...new Set(rows.map((r) => r.line_id))]);
  return {
    records: new Map(rows.filter((r) => baselines.has(r.line_id)).map((r) => [r.id, r.line_id])),
    baselines,
  };
}

/** Those of `judged` that are in their line's sequence: dated after its baseline's completion. */
async function inSequences(
  manager: EntityManager,
  { records, baselines }: OnJudgedLines,
): Promise<Map<number, number>> {
  if (!records.size) return new Map();
  const judged = [...baselines.values()];
  const rows: { id: number; line_id: number }[] = await manager.query(
    `SELECT r.id, r.line_id
     FROM records r
     JOIN unnest($2::int[], $3::int[]) AS b(line_id, validation_id) ON b.line_id = r.line_id
     JOIN validations v ON v.id = b.validation_id
     WHERE r.id = ANY($1) AND r.date > v.completed_at`,
    [[...records.keys()], judged.map((b) => b.lineId), judged.map((b) => b.validationId)],
  );
  return new Map(rows.map((r) => [r.id, r.line_id]));
}

/**
 * Evaluates the rules at records that entered a line's sequence and opens an event for each alarm
 * that fires there, or adds the firing to the (line, rule)'s event that is not closed. One line at
 * a time under a transaction lock, in line order: a record of the line processed at the same
 * time waits, then reads this one's sequence with it. The evaluation reads the sequence from
 * EVALUATION_WARM_UP records before the first record that entered, not the line's whole history.
 */
async function openEvents(
  manager: EntityManager,
  queue: MailJobs,
  entered: Map<number, number>,
  baselines: Map<number, LineBaseline>,
): Promise<void> {
  const lines = [...new Set(entered.values())].sort((a, b) => a - b);
  for (const lineId of lines) {
    const line = judgedLine(lineId, baselines.get(lineId));
    if (typeof line === 'string') continue;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('monitoring'), $1)`, [lineId]);
    const here = new Set([...entered].filter(([, on]) => on === lineId).map(([id]) => id));
    const rows = await sequenceFrom(
      manager,
      lineId,
      line.validationId,
      [...here],
      EVALUATION_WARM_UP,
    );
    const warmUp = rows.findIndex((row) => here.has(row.id));
    if (warmUp < 0) continue;
    const fromStart = warmUp < EVALUATION_WARM_UP;
    const points = await pointsOf(manager, line, rows, { warmUp, fromStart });
    for (const [k, point] of points.entries()) {
      const row = rows[warmUp + k];
      if (!here.has(row.id)) continue;
      for (const firing of point.rules) {
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
  const before = await inSequences(manager, await onJudgedLines(manager, recordIds));
  const result = await write();
  // Whether these are in the sequence now, the evaluation's own read of it tells.
  const { records: after, baselines } = await onJudgedLines(manager, recordIds);
  for (const [id, line] of [...after]) if (before.get(id) === line) after.delete(id);
  if (after.size) await openEvents(manager, queue, after, baselines);
  await readyValidationsOf(manager, queue, recordIds);
  return result;
}
