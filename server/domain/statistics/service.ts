import type { EntityManager } from 'typeorm';
import type { LineStatistics } from '../../../shared/api/lines';
import {
  MIN_RECORDS_FOR_STATISTICS,
  type RecordSetStatistics,
  type RejectionRates,
} from '../../../shared/api/statistics';
import type { ValidationLineStats } from '../../../shared/api/validations';
import { rejectionBand } from '../../../shared/domain/rejection-bands';
import { ANALYTES } from '../../../shared/rejection/model';
import { summarize, summaryOf, type Summary } from '../../../shared/vial/statistics';
import type { Validation } from '../../entities/validation';
import { includedRecords, type IncludedRecord, type LineFigures } from './repository';

const NO_FIGURES = { mean: null, stddev: null, cv: null };

/** What the statistics of a set of records are made of, however they were gathered. */
interface SetSummary {
  n: number;
  auc: Summary;
  auc225: Summary;
  power: Summary;
  rejectionRates: RejectionRates;
}

/** The statistics of a set of included records; figures only above 2 records. */
function statisticsFrom({
  n,
  auc,
  auc225,
  power,
  rejectionRates,
}: SetSummary): RecordSetStatistics {
  if (n < MIN_RECORDS_FOR_STATISTICS) {
    return {
      record_count: n,
      auc: { ...NO_FIGURES, performance: null, rejection_rates: null },
      auc_225hz: NO_FIGURES,
      power: NO_FIGURES,
    };
  }
  const figures = ({ mean, stddev, cv }: Summary) => ({ mean, stddev, cv });
  const { ldh, asat, potassium } = rejectionRates;
  return {
    record_count: n,
    auc: {
      ...figures(auc),
      performance: rejectionBand(Math.max(ldh, asat, potassium)),
      rejection_rates: rejectionRates,
    },
    auc_225hz: figures(auc225),
    power: figures(power),
  };
}

/** Mean over the records of each analyte's rejection probability (fractions). */
function meanRejectionRates(records: IncludedRecord[]): RejectionRates {
  const sums: RejectionRates = { ldh: 0, asat: 0, potassium: 0 };
  for (const record of records) {
    for (const analyte of ANALYTES) sums[analyte] += record.rejection[analyte];
  }
  return {
    ldh: sums.ldh / records.length,
    asat: sums.asat / records.length,
    potassium: sums.potassium / records.length,
  };
}

/** Statistics of a set of included records in memory (a validation's, a baseline's). */
export const statisticsOf = (records: IncludedRecord[]): RecordSetStatistics =>
  statisticsFrom({
    n: records.length,
    auc: summarize(records.map((r) => r.auc)),
    auc225: summarize(records.map((r) => r.auc225)),
    power: summarize(records.map((r) => r.power)),
    rejectionRates: meanRejectionRates(records),
  });

/**
 * A line's statistics over all its included records, from its tally (undefined: it has none),
 * with their mean kinetic temperature: the mean over those that have one (null when none has),
 * whatever their number.
 */
export function lineStatisticsOf(figures: LineFigures | undefined): LineStatistics {
  if (!figures) {
    return { ...statisticsOf([]), mean_kinetic_temperature: null };
  }
  const { n, auc, auc225, power } = figures;
  return {
    ...statisticsFrom({
      n,
      auc: summaryOf(n, auc.mean, auc.squaredDeviations),
      auc225: summaryOf(n, auc225.mean, auc225.squaredDeviations),
      power: summaryOf(n, power.mean, power.squaredDeviations),
      rejectionRates: figures.rejectionRates,
    }),
    mean_kinetic_temperature: figures.meanKineticTemperature,
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
  const records = await includedRecords(manager, {
    lineIds: validation.lines.map((l) => l.id),
    validationIds: [validation.id],
  });
  const byLine = groupBy(records, (r) => r.lineId);
  return [...validation.lines]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((line) => ({
      line_id: line.id,
      line_name: line.name,
      line_length: line.length,
      ...statisticsOf(byLine.get(line.id) ?? []),
    }));
}
