import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';
import type { CalibrationEntry } from '../../../shared/rejection/model';
import { Analyzer } from '../../entities/analyzer';
import type { StoredRejection } from '../../entities/record';

export const findAnalyzer = (manager: EntityManager, instituteId: number) =>
  manager.getRepository(Analyzer).findOneBy({ instituteId });

/**
 * The entries rejection-model.md lets calibrate the model: not excluded, both HI values, and a
 * linked record that is processed, unflagged and has a VitalMetric (the included-record rule).
 */
export async function usableCalibrationEntries(
  manager: EntityManager,
  instituteId: number,
): Promise<CalibrationEntry[]> {
  const rows: { h_index: number; h_index_baseline: number; auc: number }[] = await manager.query(
    `SELECT cd.h_index, cd.h_index_baseline, r.auc
       FROM clinical_data cd JOIN records r ON r.id = cd.record_id
      WHERE cd.institute_id = $1 AND NOT cd.exclude_from_model
        AND cd.h_index IS NOT NULL AND cd.h_index_baseline IS NOT NULL
        AND ${includedRecordSql('r')}
      ORDER BY cd.id`,
    [instituteId],
  );
  return rows.map((r) => ({
    h_index: Number(r.h_index),
    h_index_baseline: Number(r.h_index_baseline),
    auc: Number(r.auc),
  }));
}

/** A record's VitalMetric, stored rejection figures and whether it is reviewed. */
export interface StoredRejectionRow extends StoredRejection {
  id: number;
  auc: number;
  isReviewed: boolean;
}

/** The next `limit` records of the institute that have a VitalMetric, by id after `afterId`. */
export const recordRejectionsAfter = (
  manager: EntityManager,
  instituteId: number,
  afterId: number,
  limit: number,
): Promise<StoredRejectionRow[]> =>
  manager.query(
    `SELECT id, auc, rejection, p_ldh AS "pLdh", p_asat AS "pAsat", p_potassium AS "pPotassium",
            is_reviewed AS "isReviewed"
       FROM records WHERE institute_id = $1 AND auc IS NOT NULL AND id > $2 ORDER BY id LIMIT $3`,
    [instituteId, afterId, limit],
  );

/** Writes the records' stored rejection figures, one query for the batch. */
/**
 * Serialises the writes of one institute's stored rejections until the transaction ends: two
 * recomputations at once (two clinical data entries saved together) updated the same records and
 * their line tallies in different orders and deadlocked.
 */
export async function lockInstituteRejections(manager: EntityManager, instituteId: number) {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('rejection'), $1)`, [instituteId]);
}

export async function setRecordRejections(
  manager: EntityManager,
  ids: number[],
  rejections: StoredRejection[],
) {
  await manager.query(
    `UPDATE records SET rejection = v.rejection, p_ldh = v.ldh, p_asat = v.asat,
       p_potassium = v.potassium
     FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[])
       AS v(id, rejection, ldh, asat, potassium)
     WHERE records.id = v.id`,
    [
      ids,
      rejections.map((r) => r.rejection),
      rejections.map((r) => r.pLdh),
      rejections.map((r) => r.pAsat),
      rejections.map((r) => r.pPotassium),
    ],
  );
}

/** Institutes with records that have a VitalMetric but no probabilities (a partial index). */
export async function institutesMissingRejection(manager: EntityManager): Promise<number[]> {
  const rows: { institute_id: number }[] = await manager.query(
    'SELECT DISTINCT institute_id FROM records WHERE auc IS NOT NULL AND p_ldh IS NULL',
  );
  return rows.map((r) => r.institute_id);
}
