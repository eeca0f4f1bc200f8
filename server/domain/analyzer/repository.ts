import type { EntityManager } from 'typeorm';
import { Analyzer } from '../../entities/analyzer';
import type { StoredRejection } from '../../entities/record';

export const findAnalyzer = (manager: EntityManager, instituteId: number) =>
  manager.getRepository(Analyzer).findOneBy({ instituteId });

export async function saveAnalyzer(manager: EntityManager, analyzer: Partial<Analyzer>) {
  await manager.getRepository(Analyzer).save(analyzer);
}

/** The next `limit` records of the institute that have a VitalMetric, by id after `afterId`. */
export const recordAucsAfter = (
  manager: EntityManager,
  instituteId: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; auc: number }[]> =>
  manager.query(
    'SELECT id, auc FROM records WHERE institute_id = $1 AND auc IS NOT NULL AND id > $2 ORDER BY id LIMIT $3',
    [instituteId, afterId, limit],
  );

/** Writes the records' stored rejection figures, one query for the batch. */
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
