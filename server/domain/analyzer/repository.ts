import type { EntityManager } from 'typeorm';
import { Analyzer } from '../../entities/analyzer';

/**
 * Saves the institute's one analyzer: an upsert on the institute, so two first saves at once
 * both land (a read-then-insert let the second fail on the unique institute index, a 500).
 */
export async function saveAnalyzer(
  manager: EntityManager,
  { id: _id, ...analyzer }: Partial<Analyzer> & Pick<Analyzer, 'instituteId'>,
) {
  await manager.getRepository(Analyzer).upsert(analyzer, ['instituteId']);
}
