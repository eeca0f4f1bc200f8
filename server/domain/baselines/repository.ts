import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { INCLUDED_RECORD_COLUMNS, type IncludedRecordRow } from '../statistics/repository';
import { outOfRangeSql } from '../../../shared/domain/out-of-range';
import { preparedQuery } from '../../db/prepared-query';

export interface BaselineRow extends IncludedRecordRow {
  line_id: number;
  validation_id: number;
  validation_name: string;
  baseline: boolean;
  start_date: string;
  completed_at: Date;
}

/**
 * The baseline validation of each line (vial-data.md) as SQL: its most recent completed
 * validation flagged baseline, else its most recent completed validation; for the lines `where`
 * admits (a condition on `vl.line_id`). Columns line_id, validation_id, validation_name,
 * baseline, start_date (YYYY-MM-DD) and completed_at.
 */
export const baselineValidationsSql = (where: string) =>
  `SELECT DISTINCT ON (vl.line_id) vl.line_id, v.id AS validation_id, v.name AS validation_name,
          v.baseline, to_char(v.start_date, 'YYYY-MM-DD') AS start_date, v.completed_at
     FROM validation_lines vl JOIN validations v ON v.id = vl.validation_id
    WHERE ${where} AND v.status = 'completed'
    ORDER BY vl.line_id, v.baseline DESC, v.completed_at DESC, v.id DESC`;

/**
 * The baseline validation of each line: one query for all lines, the baselines joined with their
 * included records on the line (none: one row without a record).
 */
export const baselineRows = (manager: EntityManager, lineIds: number[]): Promise<BaselineRow[]> =>
  preparedQuery<BaselineRow>(
    manager,
    `WITH base AS (${baselineValidationsSql('vl.line_id = ANY($1)')})
     SELECT base.*, ${INCLUDED_RECORD_COLUMNS}
     FROM base LEFT JOIN records r
       ON r.validation_id = base.validation_id AND r.line_id = base.line_id AND ${includedRecordSql('r')}`,
    [lineIds],
  );

/** A line's baseline range, as outOfRangeCounts needs it. */
export interface LineRange {
  lineId: number;
  validationId: number;
  lower: number;
  upper: number;
}

/** Lines and their ranges as rows `b`, each with its baseline validation `v`. */
const RANGES = `unnest($1::int[], $2::int[], $3::float8[], $4::float8[])
                  AS b(line_id, validation_id, lower, upper)
                JOIN validations v ON v.id = b.validation_id`;

const rangeParams = (ranges: LineRange[]) => [
  ranges.map((r) => r.lineId),
  ranges.map((r) => r.validationId),
  ranges.map((r) => r.lower),
  ranges.map((r) => r.upper),
];

/**
 * Line `b`'s included records since its baseline validation's completion whose VitalMetric lies
 * outside the range. The (line, VitalMetric) index is read below and above the range only, so the
 * cost is the records out of range, not all of the line's.
 */
const COUNT_OUT_OF_RANGE = `(SELECT count(*)::int FROM records r
   WHERE r.line_id = b.line_id AND ${outOfRangeSql('r.auc', 'b.lower', 'b.upper')}
     AND r.date > v.completed_at AND ${includedRecordSql('r')})`;

/** The key a line's tally caches its out-of-range count with (entity LineTally). */
const CACHE_KEY = '(t.oor_lower, t.oor_upper, t.oor_since)';
const FRESH_KEY = '(b.lower, b.upper, v.completed_at)';

type CountRow = { line_id: number; count: number | null };

/**
 * For each line, its included records since its baseline validation's completion whose VitalMetric
 * lies outside the range: the count its tally caches when the tally counts against this range and
 * date (the records triggers keep it exact), else counted afresh and cached. The count depends on
 * nothing but the line's records, the range and the date, so whatever changed the baseline (its
 * records, another validation completed or flagged, one deleted) either leaves the key, and the
 * count, as they are or gives another key and one recount.
 */
export async function outOfRangeCounts(
  manager: EntityManager,
  ranges: LineRange[],
): Promise<Map<number, number>> {
  if (!ranges.length) return new Map();
  const cached: CountRow[] = await manager.query(
    `SELECT b.line_id,
            CASE WHEN ${CACHE_KEY} IS NOT DISTINCT FROM ${FRESH_KEY} THEN t.oor_count END AS count
     FROM ${RANGES} LEFT JOIN line_tallies t ON t.line_id = b.line_id`,
    rangeParams(ranges),
  );
  const stale = new Set(cached.flatMap((r) => (r.count === null ? [r.line_id] : [])));
  const recounted = stale.size
    ? await recount(
        manager,
        ranges.filter((r) => stale.has(r.lineId)),
      )
    : [];
  return new Map(
    [...cached, ...recounted].flatMap((r) => (r.count === null ? [] : [[r.line_id, r.count]])),
  );
}

/**
 * Counts afresh and caches with its key, in one transaction: the tally rows locked first, then the
 * count in a new statement, whose snapshot has every transaction that wrote them before (a records
 * trigger writes the tally row of each line whose included records it changes) and whose count the
 * later ones add to. Rows another transaction holds are not waited for: their lines are counted
 * without caching, as are lines without a tally row (they never had an included record).
 */
function recount(manager: EntityManager, ranges: LineRange[]): Promise<CountRow[]> {
  return manager.transaction(async (tx) => {
    const locked: { line_id: number }[] = await tx.query(
      `SELECT line_id FROM line_tallies WHERE line_id = ANY($1)
       ORDER BY line_id FOR UPDATE SKIP LOCKED`,
      [ranges.map((r) => r.lineId)],
    );
    const cache = new Set(locked.map((r) => r.line_id));
    // TypeORM answers an UPDATE with its rows and their count.
    const [cached]: [CountRow[], number] = cache.size
      ? await tx.query(
          `UPDATE line_tallies t SET oor_lower = b.lower, oor_upper = b.upper,
                  oor_since = v.completed_at, oor_count = ${COUNT_OUT_OF_RANGE}
           FROM ${RANGES} WHERE t.line_id = b.line_id RETURNING t.line_id, t.oor_count AS count`,
          rangeParams(ranges.filter((r) => cache.has(r.lineId))),
        )
      : [[], 0];
    const uncached = ranges.filter((r) => !cache.has(r.lineId));
    const counted: CountRow[] = uncached.length
      ? await tx.query(
          `SELECT b.line_id, ${COUNT_OUT_OF_RANGE} AS count FROM ${RANGES}`,
          rangeParams(uncached),
        )
      : [];
    return [...cached, ...counted];
  });
}
