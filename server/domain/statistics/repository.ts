import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';

/** What statistics need of an included record. */
export interface IncludedRecord {
  id: number;
  lineId: number;
  validationId: number | null;
  date: Date;
  auc: number;
  auc225: number;
  power: number;
  /** Mean kinetic temperature, °C; null for a run without temperatures. */
  meanKineticTemperature: number | null;
}

/** The columns of an IncludedRecord, for queries that join records as `r`. */
export const INCLUDED_RECORD_COLUMNS =
  `r.id AS record_id, r.line_id AS record_line_id, r.validation_id AS record_validation_id, ` +
  `r.date AS record_date, r.auc AS record_auc, ` +
  `(r.metrics->>'auc_225hz')::float8 AS record_auc225, (r.metrics->>'power')::float8 AS record_power, ` +
  `(r.metrics->>'mean_kinetic_temperature')::float8 AS record_mkt`;

export interface IncludedRecordRow {
  record_id: number | null;
  record_line_id: number;
  record_validation_id: number | null;
  record_date: Date;
  record_auc: number;
  record_auc225: number | null;
  record_power: number | null;
  record_mkt: number | null;
}

export const includedRecordOf = (row: IncludedRecordRow): IncludedRecord => ({
  id: row.record_id!,
  lineId: row.record_line_id,
  validationId: row.record_validation_id,
  date: row.record_date,
  auc: row.record_auc,
  auc225: row.record_auc225 ?? row.record_auc,
  power: row.record_power ?? 0,
  meanKineticTemperature: row.record_mkt,
});

/**
 * The included records of some lines (and, optionally, of some validations only: then the
 * validation index finds them, not a scan of the lines' records), in one query.
 */
export async function includedRecords(
  manager: EntityManager,
  where: { lineIds: number[]; validationIds?: number[] },
): Promise<IncludedRecord[]> {
  if (!where.lineIds.length || where.validationIds?.length === 0) return [];
  const params: unknown[] = [where.lineIds];
  let sql = `SELECT ${INCLUDED_RECORD_COLUMNS} FROM records r WHERE r.line_id = ANY($1) AND ${includedRecordSql('r')}`;
  if (where.validationIds !== undefined) {
    params.push(where.validationIds);
    sql += ' AND r.validation_id = ANY($2)';
  }
  const rows: IncludedRecordRow[] = await manager.query(sql, params);
  return rows.map(includedRecordOf);
}
