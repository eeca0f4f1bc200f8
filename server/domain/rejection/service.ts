import type { EntityManager } from 'typeorm';
import {
  ANALYTES,
  DEFAULT_MODEL,
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  worstRejectionPercent,
  type AnalyzerThresholds,
  type CalibratedModel,
} from '../../../shared/rejection/model';
import type { RejectionRates } from '../../../shared/api/statistics';
import type { Analyzer } from '../../entities/analyzer';
import { findAnalyzer } from '../analyzer/repository';

/** The analyzer's cut-offs, or the defaults of rejection-model.md until one is saved. */
export const thresholdsOf = (analyzer: Analyzer | null): AnalyzerThresholds =>
  analyzer
    ? {
        ldh: analyzer.ldhThreshold,
        asat: analyzer.asatThreshold,
        potassium: analyzer.potassiumThreshold,
      }
    : DEFAULT_THRESHOLDS;

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

/** The institute's analyzer thresholds and rejection model, fetched once per request. */
export interface RejectionSettings {
  thresholds: AnalyzerThresholds;
  model: CalibratedModel;
}

export async function rejectionSettings(
  manager: EntityManager,
  instituteId: number,
): Promise<RejectionSettings> {
  const [analyzer, model] = await Promise.all([
    findAnalyzer(manager, instituteId),
    modelFor(manager, instituteId),
  ]);
  return { thresholds: thresholdsOf(analyzer), model };
}

/** A record's `rejection`: the worst analyte's probability in percent at the institute's settings. */
export async function recordRejectionPercent(
  manager: EntityManager,
  instituteId: number,
  auc: number,
): Promise<number> {
  const { thresholds, model } = await rejectionSettings(manager, instituteId);
  return worstRejectionPercent(auc, thresholds, model);
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
