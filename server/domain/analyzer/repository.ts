import type { EntityManager } from 'typeorm';
import { Analyzer } from '../../entities/analyzer';

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

/** Writes the records' stored `rejection` figures, one query for the batch. */
export async function setRecordRejections(
  manager: EntityManager,
  ids: number[],
  rejections: number[],
) {
  await manager.query(
    'UPDATE records SET rejection = v.rejection FROM unnest($1::int[], $2::float8[]) AS v(id, rejection) WHERE records.id = v.id',
    [ids, rejections],
  );
}
