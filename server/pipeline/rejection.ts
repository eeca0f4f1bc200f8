import type { EntityManager } from 'typeorm';
import {
  DEFAULT_MODEL,
  DEFAULT_THRESHOLDS,
  type AnalyzerThresholds,
  type CalibratedModel,
  worstRejectionPercent,
} from '../../shared/rejection/model';
import { Analyzer } from '../entities/analyzer';

/** The institute's analyzer cut-offs, or the defaults of rejection-model.md until it is set. */
export async function thresholdsFor(
  manager: EntityManager,
  instituteId: number,
): Promise<AnalyzerThresholds> {
  const analyzer = await manager.getRepository(Analyzer).findOneBy({ instituteId });
  return analyzer
    ? {
        ldh: analyzer.ldhThreshold,
        asat: analyzer.asatThreshold,
        potassium: analyzer.potassiumThreshold,
      }
    : DEFAULT_THRESHOLDS;
}

/**
 * The model parameters for an institute. Calibration from the institute's clinical data
 * (rejection-model.md) plugs in here once clinical data exists; until then, the defaults.
 */
export async function modelFor(
  _manager: EntityManager,
  _instituteId: number,
): Promise<CalibratedModel> {
  return { source: 'default', n: 0, ...DEFAULT_MODEL };
}

/** A record's `rejection`: the worst analyte's probability in percent at the institute's settings. */
export async function recordRejectionPercent(
  manager: EntityManager,
  instituteId: number,
  auc: number,
): Promise<number> {
  const [thresholds, model] = await Promise.all([
    thresholdsFor(manager, instituteId),
    modelFor(manager, instituteId),
  ]);
  return worstRejectionPercent(auc, thresholds, model);
}
