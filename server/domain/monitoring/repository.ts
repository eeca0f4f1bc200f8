import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { outOfRangeSql, type ValidatedRange } from '../../../shared/domain/out-of-range';
import { preparedQuery } from '../../db/prepared-query';

/** One record of a line's monitoring sequence, as the rules read it. */
export interface SequenceValue {
  id: number;
  auc: number;
}

/** One record of a line's monitoring sequence, as a chart shows it. */
export interface SequenceRow extends SequenceValue {
  date: Date;
}

/**
 * The line's monitoring sequence (line-monitoring.md §1) as a FROM clause aliased `r`, $1 the line
 * and $2 its baseline validation: its included records dated after the validation's completion.
 * Compared in SQL, so neither side loses the microseconds a timestamp may carry; the
 * (line, date, id) index gives the order, either way.
 */
const SEQUENCE = `records r JOIN validations v ON v.id = $2
  WHERE r.line_id = $1 AND r.date > v.completed_at AND ${includedRecordSql('r')}`;

/**
 * The records before (`<`) or from (`>=`) a record in (date, id) order; `key` is a FROM clause
 * giving that record's date and id. A row comparison with a subquery is no index condition: the
 * date bound beside it lets the (line, date, id) index seek instead of reading the whole line.
 */
const relativeTo = (op: '<' | '>=', key: string) =>
  `r.date ${op === '<' ? '<=' : '>='} (SELECT date FROM ${key})
   AND (r.date, r.id) ${op} (SELECT date, id FROM ${key})`;

/** The record with id `param`, as a `relativeTo` key. */
const record = (param: string) => `records WHERE id = ${param}`;

/** The line's whole monitoring sequence, by date then id. */
export const sequenceRows = (
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
): Promise<SequenceRow[]> =>
  manager.query(`SELECT r.id, r.date, r.auc FROM ${SEQUENCE} ORDER BY r.date, r.id`, [
    lineId,
    baselineValidationId,
  ]);

/** Whether the record is in the line's sequence. */
export async function inSequence(
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
  recordId: number,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM ${SEQUENCE} AND r.id = $3`, [
    lineId,
    baselineValidationId,
    recordId,
  ]);
  return rows.length > 0;
}

/**
 * The last `count` records of the sequence before the record `before` (or at its end), oldest
 * first, as `columns` of `r` give them.
 */
async function lastOfSequence<Row>(
  manager: EntityManager,
  columns: string,
  [lineId, baselineValidationId, count, before]: [number, number, number, number?],
): Promise<Row[]> {
  const rows = await preparedQuery<Row>(
    manager,
    `SELECT ${columns} FROM ${SEQUENCE}
     ${before === undefined ? '' : `AND ${relativeTo('<', record('$4'))}`}
     ORDER BY r.date DESC, r.id DESC LIMIT $3`,
    before === undefined
      ? [lineId, baselineValidationId, count]
      : [lineId, baselineValidationId, count, before],
  );
  return rows.reverse();
}

/** The last `count` records of the sequence before the record `before` (or at its end), oldest first. */
export const sequenceTail = (
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
  count: number,
  before?: number,
): Promise<SequenceRow[]> =>
  lastOfSequence(manager, 'r.id, r.date, r.auc', [lineId, baselineValidationId, count, before]);

/** The sequence's last `count` records, oldest first; no dates, which the rules do not read. */
export const sequenceTailValues = (
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
  count: number,
): Promise<SequenceValue[]> =>
  lastOfSequence(manager, 'r.id, r.auc', [lineId, baselineValidationId, count]);

/**
 * The sequence from `lookBack` records before the first of `recordIds` that is in it on, to its
 * end, oldest first (one query: fewer records before it, the sequence from its start; none of
 * them in it, nothing); no dates, which the rules do not read.
 */
export const sequenceFrom = (
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
  recordIds: number[],
  lookBack: number,
): Promise<SequenceValue[]> =>
  manager.query(
    `WITH first AS (SELECT r.date, r.id FROM ${SEQUENCE} AND r.id = ANY($3) ORDER BY r.date, r.id LIMIT 1)
     SELECT s.id, s.auc FROM (
       (SELECT r.id, r.date, r.auc FROM ${SEQUENCE} AND ${relativeTo('<', 'first')}
        ORDER BY r.date DESC, r.id DESC LIMIT $4)
       UNION ALL
       SELECT r.id, r.date, r.auc FROM ${SEQUENCE} AND ${relativeTo('>=', 'first')}
     ) s ORDER BY s.date, s.id`,
    [lineId, baselineValidationId, recordIds, lookBack],
  );

/**
 * How many of the sequence's records before the record `before` lie out of `range`, counted no
 * further than `cap`: the scan stops at the cap instead of reading the line's whole history.
 */
export async function outOfRangeBefore(
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
  before: number,
  range: ValidatedRange,
  cap: number,
): Promise<number> {
  const [{ count }]: { count: number }[] = await manager.query(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 FROM ${SEQUENCE} AND ${relativeTo('<', record('$3'))}
         AND ${outOfRangeSql('r.auc', '$4', '$5')}
       ORDER BY r.date, r.id LIMIT $6) c`,
    [lineId, baselineValidationId, before, range.lower, range.upper, cap],
  );
  return count;
}
