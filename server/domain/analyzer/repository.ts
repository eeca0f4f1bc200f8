import type { EntityManager } from 'typeorm';
import { Analyzer } from '../../entities/analyzer';

export async function saveAnalyzer(manager: EntityManager, analyzer: Partial<Analyzer>) {
  await manager.getRepository(Analyzer).save(analyzer);
}
