import type { EntityManager } from 'typeorm';
import type { RecordDto } from '../../../shared/api/records';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../shared/api/statistics';
import { rangeCovering99, summarize, type MetricRange } from '../../../shared/vial/statistics';
import type { TransitRecord } from '../../entities/record';
import { includedRecordOf, type IncludedRecord } from '../statistics/repository';
import { baselineRows } from './repository';
import { isOutOfRange } from '../../../shared/domain/out-of-range';

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

/** The baseline of each line that has one, with the range its records validate. */
export async function baselinesOf(
  manager: EntityManager,
  lineIds: number[],
): Promise<Map<number, LineBaseline>> {
  const baselines = new Map<number, LineBaseline>();
  if (!lineIds.length) return baselines;
  for (const row of await baselineRows(manager, lineIds)) {
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

/**
 * Each record's `out_of_range` against its line's validated range (vial-data.md, "Line range and
 * statistics"). Lines get validated ranges from completed validations; until a record's line has
 * one (with more than 2 included records), the record has no range to be out of, and the answer
 * is null. One query for all the lines of the page.
 */
export async function outOfRangeOf(
  manager: EntityManager,
  records: TransitRecord[],
): Promise<Map<number, RecordDto['out_of_range']>> {
  const lineIds = [
    ...new Set(records.flatMap((r) => (r.lineId !== null && r.auc !== null ? [r.lineId] : []))),
  ];
  const baselines = await baselinesOf(manager, lineIds);
  return new Map(
    records.map((r) => {
      const range = r.lineId !== null ? baselines.get(r.lineId)?.range : undefined;
      if (!range || r.auc === null) return [r.id, null];
      const baseline = baselines.get(r.lineId!)!;
      return [
        r.id,
        {
          value: r.auc,
          validated: baseline.isBaseline,
          range,
          out_of_range: isOutOfRange(r.auc, range),
        },
      ];
    }),
  );
}
