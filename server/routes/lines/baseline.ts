import type { EntityManager } from 'typeorm';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../shared/api/statistics';
import { rangeCovering99, summarize, type MetricRange } from '../../../shared/vial/statistics';
import {
  INCLUDED_RECORD_COLUMNS,
  includedRecordOf,
  includedRecordsSql,
  type IncludedRecord,
  type IncludedRecordRow,
} from './statistics';

/** The validation a line is monitored against, with its records on that line and their range. */
export interface LineBaseline {
  lineId: number;
  validationId: number;
  validationName: string;
  /** The validation is flagged baseline: its range is "validated". */
  isBaseline: boolean;
  startDate: string;
  completedAt: Date;
  records: IncludedRecord[];
  /** The range covering 99% of its records' VitalMetric; null with 2 or fewer records. */
  range: MetricRange | null;
}

interface BaselineRow extends IncludedRecordRow {
  line_id: number;
  validation_id: number;
  validation_name: string;
  baseline: boolean;
  start_date: string;
  completed_at: Date;
}

/**
 * The baseline of each line (vial-data.md): its most recent completed validation flagged baseline,
 * else its most recent completed validation. One query for all lines: the baselines, joined with
 * their included records on the line.
 */
export async function baselinesOf(
  manager: EntityManager,
  lineIds: number[],
): Promise<Map<number, LineBaseline>> {
  const baselines = new Map<number, LineBaseline>();
  if (!lineIds.length) return baselines;
  const rows: BaselineRow[] = await manager.query(
    `WITH base AS (
       SELECT DISTINCT ON (vl.line_id) vl.line_id, v.id AS validation_id, v.name AS validation_name,
              v.baseline, to_char(v.start_date, 'YYYY-MM-DD') AS start_date, v.completed_at
       FROM validation_lines vl JOIN validations v ON v.id = vl.validation_id
       WHERE vl.line_id = ANY($1) AND v.status = 'completed'
       ORDER BY vl.line_id, v.baseline DESC, v.completed_at DESC, v.id DESC)
     SELECT base.*, ${INCLUDED_RECORD_COLUMNS}
     FROM base LEFT JOIN records r
       ON r.validation_id = base.validation_id AND r.line_id = base.line_id AND ${includedRecordsSql('r')}`,
    [lineIds],
  );
  for (const row of rows) {
    let baseline = baselines.get(row.line_id);
    if (!baseline) {
      baseline = {
        lineId: row.line_id,
        validationId: row.validation_id,
        validationName: row.validation_name,
        isBaseline: row.baseline,
        startDate: row.start_date,
        completedAt: row.completed_at,
        records: [],
        range: null,
      };
      baselines.set(row.line_id, baseline);
    }
    if (row.record_id !== null) baseline.records.push(includedRecordOf(row));
  }
  for (const baseline of baselines.values()) {
    const { n, mean, stddev } = summarize(baseline.records.map((r) => r.auc));
    if (n >= MIN_RECORDS_FOR_STATISTICS && mean !== null && stddev !== null) {
      baseline.range = rangeCovering99(mean, stddev);
    }
  }
  return baselines;
}

export const isOutside = (value: number, range: MetricRange) =>
  value < range.lower || value > range.upper;
