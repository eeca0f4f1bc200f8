import type { EntityManager } from 'typeorm';
import type { RejectionRates } from '../../../shared/api/statistics';
import { includedRecordSql, includedRecordValuesSql } from '../../../shared/domain/included-record';

/** What statistics need of an included record. */
export interface IncludedRecord {
  id: number;
  lineId: number;
  validationId: number | null;
  date: Date;
  auc: number;
  auc225: number;
  power: number;
  /** Each analyte's rejection probability at the institute's settings (fractions). */
  rejection: RejectionRates;
}

const value = includedRecordValuesSql('r');

/** The columns of an IncludedRecord, for queries that join records as `r`. */
export const INCLUDED_RECORD_COLUMNS =
  `r.id AS record_id, r.line_id AS record_line_id, r.validation_id AS record_validation_id, ` +
  `r.date AS record_date, ${value.auc} AS record_auc, ${value.auc225} AS record_auc225, ` +
  `${value.power} AS record_power, ${value.ldh} AS record_ldh, ${value.asat} AS record_asat, ` +
  `${value.potassium} AS record_potassium`;

export interface IncludedRecordRow {
  record_id: number | null;
  record_line_id: number;
  record_validation_id: number | null;
  record_date: Date;
  record_auc: number;
  record_auc225: number;
  record_power: number;
  record_ldh: number;
  record_asat: number;
  record_potassium: number;
}

export const includedRecordOf = (row: IncludedRecordRow): IncludedRecord => ({
  id: row.record_id!,
  lineId: row.record_line_id,
  validationId: row.record_validation_id,
  date: row.record_date,
  auc: row.record_auc,
  auc225: row.record_auc225,
  power: row.record_power,
  rejection: { ldh: row.record_ldh, asat: row.record_asat, potassium: row.record_potassium },
});

/**
 * The included records of some validations on some lines (then the validation index finds them,
 * not a scan of the lines' records), in one query. A line's statistics over all its records come
 * from its tally instead (lineTallies).
 */
export async function includedRecords(
  manager: EntityManager,
  where: { lineIds: number[]; validationIds: number[] },
): Promise<IncludedRecord[]> {
  if (!where.lineIds.length || !where.validationIds.length) return [];
  const rows: IncludedRecordRow[] = await manager.query(
    `SELECT ${INCLUDED_RECORD_COLUMNS} FROM records r
     WHERE r.line_id = ANY($1) AND r.validation_id = ANY($2) AND ${includedRecordSql('r')}`,
    [where.lineIds, where.validationIds],
  );
  return rows.map(includedRecordOf);
}
/** A metric over a set of records: its mean and the sum of squared deviations from it. */
export interface Moments {
  mean: number;
  squaredDeviations: number;
}

/** What a line's tally gives: the figures of all its included records. */
export interface LineFigures {
  lineId: number;
  n: number;
  auc: Moments;
  auc225: Moments;
  power: Moments;
  /** Mean kinetic temperature over the records that have one; null when none has. */
  meanKineticTemperature: number | null;
  /** Mean over the records of each analyte's rejection probability. */
  rejectionRates: RejectionRates;
}

/**
 * Mean and squared deviations of a tallied metric, from exact sums: Σ(x − x̄)² = (n·Σx² − (Σx)²)/n
 * with an exact numerator, so nothing cancels; then to float8 (at least 16 significant digits).
 */
const momentsSql = (sum: string, squares: string, name: string) =>
  `(${sum} / n)::float8 AS ${name}_mean, ((n * ${squares} - ${sum} * ${sum}) / n)::float8 AS ${name}_deviations`;

interface LineTallyRow {
  line_id: number;
  n: number;
  auc_mean: number;
  auc_deviations: number;
  auc225_mean: number;
  auc225_deviations: number;
  power_mean: number;
  power_deviations: number;
  temperature: number | null;
  ldh: number;
  asat: number;
  potassium: number;
}

/**
 * The figures of these lines' included records, from their tallies (migration LineTallies): one
 * indexed read whatever the number of records. Lines without any included record are left out.
 */
export async function lineTallies(
  manager: EntityManager,
  lineIds: number[],
): Promise<Map<number, LineFigures>> {
  if (!lineIds.length) return new Map();
  const rows: LineTallyRow[] = await manager.query(
    `SELECT line_id, n,
            ${momentsSql('sum_auc', 'sum_auc_squares', 'auc')},
            ${momentsSql('sum_auc225', 'sum_auc225_squares', 'auc225')},
            ${momentsSql('sum_power', 'sum_power_squares', 'power')},
            (sum_temperature / NULLIF(n_temperature, 0))::float8 AS temperature,
            (sum_ldh / n)::float8 AS ldh, (sum_asat / n)::float8 AS asat,
            (sum_potassium / n)::float8 AS potassium
     FROM line_tallies WHERE line_id = ANY($1) AND n > 0`,
    [lineIds],
  );
  return new Map(
    rows.map((r) => [
      r.line_id,
      {
        lineId: r.line_id,
        n: r.n,
        auc: { mean: r.auc_mean, squaredDeviations: r.auc_deviations },
        auc225: { mean: r.auc225_mean, squaredDeviations: r.auc225_deviations },
        power: { mean: r.power_mean, squaredDeviations: r.power_deviations },
        meanKineticTemperature: r.temperature,
        rejectionRates: { ldh: r.ldh, asat: r.asat, potassium: r.potassium },
      },
    ]),
  );
}
