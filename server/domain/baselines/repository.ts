import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { INCLUDED_RECORD_COLUMNS, type IncludedRecordRow } from '../statistics/repository';

export interface BaselineRow extends IncludedRecordRow {
  line_id: number;
  validation_id: number;
  validation_name: string;
  baseline: boolean;
  start_date: string;
  completed_at: Date;
}

/**
 * The baseline validation of each line (vial-data.md): its most recent completed validation
 * flagged baseline, else its most recent completed validation. One query for all lines: the
 * baselines, joined with their included records on the line (none: one row without a record).
 */
export const baselineRows = (manager: EntityManager, lineIds: number[]): Promise<BaselineRow[]> =>
  manager.query(
    `WITH base AS (
       SELECT DISTINCT ON (vl.line_id) vl.line_id, v.id AS validation_id, v.name AS validation_name,
              v.baseline, to_char(v.start_date, 'YYYY-MM-DD') AS start_date, v.completed_at
       FROM validation_lines vl JOIN validations v ON v.id = vl.validation_id
       WHERE vl.line_id = ANY($1) AND v.status = 'completed'
       ORDER BY vl.line_id, v.baseline DESC, v.completed_at DESC, v.id DESC)
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

/**
 * For each line, its included records since its baseline validation's completion whose VitalMetric
 * lies outside the range. The (line, VitalMetric) index is read below and above the range only,
 * so the cost is the records out of range, not all of the line's.
 */
export async function outOfRangeCounts(
  manager: EntityManager,
  ranges: LineRange[],
): Promise<Map<number, number>> {
  if (!ranges.length) return new Map();
  const rows: { line_id: number; count: number }[] = await manager.query(
    `SELECT b.line_id,
            (SELECT count(*)::int FROM records r
             WHERE r.line_id = b.line_id AND (r.auc < b.lower OR r.auc > b.upper)
               AND r.date > v.completed_at AND ${includedRecordSql('r')}) AS count
     FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[])
            AS b(line_id, validation_id, lower, upper)
     JOIN validations v ON v.id = b.validation_id`,
    [
      ranges.map((r) => r.lineId),
      ranges.map((r) => r.validationId),
      ranges.map((r) => r.lower),
      ranges.map((r) => r.upper),
    ],
  );
  return new Map(rows.map((r) => [r.line_id, r.count]));
}
