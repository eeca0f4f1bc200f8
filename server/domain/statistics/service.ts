import type { EntityManager } from 'typeorm';
import type { LineStatistics } from '../../../shared/api/lines';
import {
  MIN_RECORDS_FOR_STATISTICS,
  type RecordSetStatistics,
} from '../../../shared/api/statistics';
import type { ValidationLineStats } from '../../../shared/api/validations';
import { rejectionBand } from '../../../shared/domain/rejection-bands';
import { summarize } from '../../../shared/vial/statistics';
import type { Validation } from '../../entities/validation';
import {
  meanRejectionRates,
  rejectionSettings,
  type RejectionSettings,
} from '../rejection/service';
import { includedRecords, type IncludedRecord } from './repository';

const NO_FIGURES = { mean: null, stddev: null, cv: null };

/** Statistics of a set of included records; figures only above 2 records. */
export function statisticsOf(
  records: IncludedRecord[],
  settings: RejectionSettings,
): RecordSetStatistics {
  const n = records.length;
  if (n < MIN_RECORDS_FOR_STATISTICS) {
    return {
      record_count: n,
      auc: { ...NO_FIGURES, performance: null, rejection_rates: null },
      auc_225hz: NO_FIGURES,
      power: NO_FIGURES,
    };
  }
  const figures = (values: number[]) => {
    const { mean, stddev, cv } = summarize(values);
    return { mean, stddev, cv };
  };
  const aucs = records.map((r) => r.auc);
  const rates = meanRejectionRates(aucs, settings);
  return {
    record_count: n,
    auc: {
      ...figures(aucs),
      performance: rejectionBand(Math.max(rates.ldh, rates.asat, rates.potassium)),
      rejection_rates: rates,
    },
    auc_225hz: figures(records.map((r) => r.auc225)),
    power: figures(records.map((r) => r.power)),
  };
}

/**
 * A line's statistics over all its included records, with their mean kinetic temperature: the
 * mean over those that have one (null when none has), whatever their number.
 */
export function lineStatisticsOf(
  records: IncludedRecord[],
  settings: RejectionSettings,
): LineStatistics {
  const temperatures = records.flatMap((r) =>
    r.meanKineticTemperature === null ? [] : [r.meanKineticTemperature],
  );
  return {
    ...statisticsOf(records, settings),
    mean_kinetic_temperature: summarize(temperatures).mean,
  };
}

/** Groups records by a key (line, validation). */
export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Statistics of the validation's included records per line, in line-name order. */
export async function validationLineStatistics(
  manager: EntityManager,
  validation: Validation,
): Promise<ValidationLineStats[]> {
  const [settings, records] = await Promise.all([
    rejectionSettings(manager, validation.instituteId),
    includedRecords(manager, {
      lineIds: validation.lines.map((l) => l.id),
      validationIds: [validation.id],
    }),
  ]);
  const byLine = groupBy(records, (r) => r.lineId);
  return [...validation.lines]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((line) => ({
      line_id: line.id,
      line_name: line.name,
      line_length: line.length,
      ...statisticsOf(byLine.get(line.id) ?? [], settings),
    }));
}
