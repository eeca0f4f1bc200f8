import type { EntityManager } from 'typeorm';
import {
  ANALYTES,
  calibrateModel,
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  worstRejectionPercent,
  type AnalyzerThresholds,
  type CalibratedModel,
} from '../../../shared/rejection/model';
import type { RejectionRates } from '../../../shared/api/statistics';
import type { Analyzer } from '../../entities/analyzer';
import { findAnalyzer } from '../analyzer/repository';
import { usableCalibrationEntries } from '../clinical-data/repository';

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
 * The model parameters for an institute: calibrated from its usable clinical data when it has at
 * least MIN_CALIBRATION_ENTRIES of them, the defaults otherwise (rejection-model.md,
 * "Calibration"). Read fresh each time, so any change of clinical data or of a linked record
 * applies at once.
 */
export async function modelFor(
  manager: EntityManager,
  instituteId: number,
): Promise<CalibratedModel> {
  return calibrateModel(await usableCalibrationEntries(manager, instituteId));
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
