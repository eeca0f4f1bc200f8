import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import {
  EVALUATION_WARM_UP,
  isAlarm,
  type MonitoringRule,
  type RuleSide,
} from '../../../shared/domain/monitoring-rules';
import { baselinesOf, type LineBaseline } from '../baselines/service';
import type { MailJobs, Notified } from '../notifications/service';
import { eventOpened } from '../notifications/triggers';
import { readyValidationsOf } from '../validations/ready';
import { openOrAddToEvent } from './events-repository';
import { sequenceFrom, sequenceTailValues, type SequenceValue } from './repository';
import { judgedLine, pointsOf, type JudgedLine } from './service';

/** An event a write opened (`opened`) or added a firing to, at one of its records. */
export interface EventSetOff {
  id: number;
  lineId: number;
  rule: MonitoringRule;
  side: RuleSide;
  opened: boolean;
  recordId: number;
}

/** What a write of records set off in monitoring: its events, and who their openings notified. */
export interface SetOff {
  events: EventSetOff[];
  /** Each user once (every opening notifies with the same kind's settings). */
  notified: Notified[];
}

/** Records of a line with a baseline, each with its line, and those baselines. */
interface OnJudgedLines {
  records: Map<number, number>;
  baselines: Map<number, LineBaseline>;
}

/** The included ones of records $1, each with its line, as a WITH clause `judged`. */
const JUDGED = `judged AS (
  SELECT r.id, r.line_id FROM records r
  WHERE r.id = ANY($1) AND r.line_id IS NOT NULL AND ${includedRecordSql('r')})`;

/**
 * `judged` with their lines locked for the transaction first, in line order (the lock the
 * evaluation of a line's sequence is made under), in the same statement: a lock costs no round
 * trip of its own. The rows the statement returns are these records only, which the transaction
 * has written; every read of a sequence comes in a later statement, after the locks.
 */
const JUDGED_LOCKED = `WITH ${JUDGED},
  locked AS (
    SELECT count(*) FROM (
      SELECT pg_advisory_xact_lock(hashtext('monitoring'), l.line_id)
      FROM (SELECT DISTINCT line_id FROM judged ORDER BY line_id) l) lock)
  SELECT judged.id, judged.line_id FROM judged, locked`;

/**
 * Each of these records that is included and on a line with a baseline: the records that may be
 * in a sequence (only included ones can; a run not processed yet costs no baseline lookup). With
 * `lock`, their lines are locked for the evaluation (JUDGED_LOCKED).
 */
async function onJudgedLines(
  manager: EntityManager,
  recordIds: number[],
  { lock }: { lock: boolean },
): Promise<OnJudgedLines> {
  const rows: { id: number; line_id: number }[] = await manager.query(
    lock ? JUDGED_LOCKED : `WITH ${JUDGED} SELECT id, line_id FROM judged`,
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

/** The records an evaluation reads, and how many of them only warm it up. */
interface EvaluationRows {
  rows: SequenceValue[];
  warmUp: number;
  fromStart: boolean;
}

/**
 * The line's sequence from EVALUATION_WARM_UP records before the first of `entered` that is in it
 * (or from its start) to its end; `warmUp` is -1 when none of them is in it. Records processed now
 * are mostly the line's newest: then its last EVALUATION_WARM_UP + n records hold all n with their
 * warm-up, one index scan from the end; otherwise the sequence is read again from before the first.
 */
async function evaluationRows(
  manager: EntityManager,
  { lineId, baseline: { validationId } }: JudgedLine,
  entered: Set<number>,
): Promise<EvaluationRows> {
  const read = EVALUATION_WARM_UP + entered.size;
  const tail = await sequenceTailValues(manager, lineId, validationId, read);
  const first = tail.findIndex((row) => entered.has(row.id));
  // Fewer than asked: the tail is the whole sequence.
  if (tail.length < read) return { rows: tail, warmUp: first, fromStart: true };
  const found = tail.filter((row) => entered.has(row.id)).length;
  if (found === entered.size && first >= EVALUATION_WARM_UP) {
    return { rows: tail, warmUp: first, fromStart: false };
  }
  const rows = await sequenceFrom(manager, lineId, validationId, [...entered], EVALUATION_WARM_UP);
  const warmUp = rows.findIndex((row) => entered.has(row.id));
  return { rows, warmUp, fromStart: warmUp < EVALUATION_WARM_UP };
}

/**
 * Evaluates the rules at records that entered a line's sequence and opens an event for each alarm
 * that fires there, or adds the firing to the (line, rule)'s event that is not closed. The lines
 * are locked already (onJudgedLines): a record of the line processed at the same time waits, then
 * reads this one's sequence with it. The evaluation reads the sequence from EVALUATION_WARM_UP
 * records before the first record that entered, not the line's whole history.
 */
async function openEvents(
  manager: EntityManager,
  queue: MailJobs,
  entered: Map<number, number>,
  baselines: Map<number, LineBaseline>,
): Promise<SetOff> {
  const setOff: SetOff = { events: [], notified: [] };
  const notified = new Map<number, Notified>();
  const lines = [...new Set(entered.values())].sort((a, b) => a - b);
  for (const lineId of lines) {
    const line = judgedLine(lineId, baselines.get(lineId));
    if (typeof line === 'string') continue;
    const here = new Set([...entered].filter(([, on]) => on === lineId).map(([id]) => id));
    const { rows, warmUp, fromStart } = await evaluationRows(manager, line, here);
    if (warmUp < 0) continue;
    const points = await pointsOf(manager, line, rows, { warmUp, fromStart });
    for (const [k, point] of points.entries()) {
      const row = rows[warmUp + k];
      if (!here.has(row.id)) continue;
      for (const firing of point.rules) {
        if (!isAlarm(firing.rule)) continue;
        const event = await openOrAddToEvent(manager, lineId, firing, row.id);
        setOff.events.push({ ...firing, ...event, lineId, recordId: row.id });
        // Its first firing notifies; the next ones only count on the event.
        if (!event.opened) continue;
        for (const n of await eventOpened(manager, queue, { ...firing, id: event.id, lineId }))
          if (!notified.has(n.userId)) notified.set(n.userId, n);
      }
    }
  }
  setOff.notified = [...notified.values()];
  return setOff;
}

/**
 * Runs `write`, which changes these records in the transaction of `manager`, then opens the events
 * of every record it put into a line's sequence (processed, included again, assigned to the line,
 * dated after the baseline): in a sequence now, and not in that line's before. Records already in
 * the sequence open nothing, whatever the write did to them. Then the in-progress validations the
 * records belong to are told when they have all their records. Notifications of both are written
 * in the same transaction, their e-mails queued on `queue` in it too. Answers what it set off.
 */
export async function writeRecordsWithEvents(
  manager: EntityManager,
  queue: MailJobs,
  recordIds: number[],
  write: () => Promise<unknown>,
): Promise<SetOff> {
  const before = await inSequences(
    manager,
    await onJudgedLines(manager, recordIds, { lock: false }),
  );
  await write();
  // Whether these are in the sequence now, the evaluation's own read of it tells.
  const { records: after, baselines } = await onJudgedLines(manager, recordIds, { lock: true });
  for (const [id, line] of [...after]) if (before.get(id) === line) after.delete(id);
  const setOff = after.size
    ? await openEvents(manager, queue, after, baselines)
    : { events: [], notified: [] };
  await readyValidationsOf(manager, queue, recordIds);
  return setOff;
}
