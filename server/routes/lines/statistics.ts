import type { EntityManager } from 'typeorm';
import {
  MIN_RECORDS_FOR_STATISTICS,
  type RecordSetStatistics,
  type RejectionRates,
} from '../../../shared/api/statistics';
import {
  ANALYTES,
  rejectionForValue,
  type AnalyzerThresholds,
  type RejectionModel,
} from '../../../shared/rejection/model';
import { rejectionBand } from '../../../shared/domain/rejection-bands';
import { summarize } from '../../../shared/vial/statistics';
import { modelFor, thresholdsFor } from '../../pipeline/rejection';

/**
 * "Included" records (vial-data.md): processed, not excluded, not hidden, not test runs, none of
 * the three error flags. Every statistic and range is computed over these only.
 */
export const includedRecordsSql = (r: string) =>
  `${r}.is_processed AND NOT ${r}.exclude AND NOT ${r}.hidden AND NOT ${r}.test_run ` +
  `AND NOT ${r}.no_run_error AND NOT ${r}.short_run_error AND NOT ${r}.flatline_error ` +
  `AND ${r}.auc IS NOT NULL`;

/** What statistics need of a record. */
export interface IncludedRecord {
  id: number;
  lineId: number;
  validationId: number | null;
  date: Date;
  auc: number;
  auc225: number;
  power: number;
}

/** The columns of an IncludedRecord, for queries that join records as `r`. */
export const INCLUDED_RECORD_COLUMNS =
  `r.id AS record_id, r.line_id AS record_line_id, r.validation_id AS record_validation_id, ` +
  `r.date AS record_date, r.auc AS record_auc, ` +
  `(r.metrics->>'auc_225hz')::float8 AS record_auc225, (r.metrics->>'power')::float8 AS record_power`;

export interface IncludedRecordRow {
  record_id: number | null;
  record_line_id: number;
  record_validation_id: number | null;
  record_date: Date;
  record_auc: number;
  record_auc225: number | null;
  record_power: number | null;
}

export const includedRecordOf = (row: IncludedRecordRow): IncludedRecord => ({
  id: row.record_id!,
  lineId: row.record_line_id,
  validationId: row.record_validation_id,
  date: row.record_date,
  auc: row.record_auc,
  auc225: row.record_auc225 ?? row.record_auc,
  power: row.record_power ?? 0,
});

/** The included records of some lines (and, optionally, of one validation), in one query. */
export async function includedRecords(
  manager: EntityManager,
  where: { lineIds: number[]; validationId?: number },
): Promise<IncludedRecord[]> {
  if (!where.lineIds.length) return [];
  const params: unknown[] = [where.lineIds];
  let sql = `SELECT ${INCLUDED_RECORD_COLUMNS} FROM records r WHERE r.line_id = ANY($1) AND ${includedRecordsSql('r')}`;
  if (where.validationId !== undefined) {
    params.push(where.validationId);
    sql += ' AND r.validation_id = $2';
  }
  const rows: IncludedRecordRow[] = await manager.query(sql, params);
  return rows.map(includedRecordOf);
}

/** The institute's analyzer thresholds and rejection model, fetched once per request. */
export interface RejectionSettings {
  thresholds: AnalyzerThresholds;
  model: RejectionModel;
}

export async function rejectionSettings(
  manager: EntityManager,
  instituteId: number,
): Promise<RejectionSettings> {
  const [thresholds, model] = await Promise.all([
    thresholdsFor(manager, instituteId),
    modelFor(manager, instituteId),
  ]);
  return { thresholds, model };
}

/** Mean over the records of each analyte's rejection probability (fractions). */
export function meanRejectionRates(aucs: number[], settings: RejectionSettings): RejectionRates {
  const sums: RejectionRates = { ldh: 0, asat: 0, potassium: 0 };
  for (const auc of aucs) {
    const byAnalyte = rejectionForValue(auc, settings.thresholds, settings.model);
    for (const analyte of ANALYTES) sums[analyte] += byAnalyte[analyte].probability;
  }
  return {
    ldh: sums.ldh / aucs.length,
    asat: sums.asat / aucs.length,
    potassium: sums.potassium / aucs.length,
  };
}

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
