import type { EntityManager } from 'typeorm';
import {
  calibrateModel,
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  worstPercentOf,
  type AnalyzerThresholds,
  type CalibratedModel,
} from '../../../shared/rejection/model';
import type { Analyzer } from '../../entities/analyzer';
import type { StoredRejection } from '../../entities/record';
// eslint-disable-next-line fences/no-area-cycle -- the rejection ↔ analyzer ↔ clinical-data cycle: dedupe branch fixes this
import { findAnalyzer } from '../analyzer/repository';
// eslint-disable-next-line fences/no-area-cycle -- the rejection ↔ analyzer ↔ clinical-data cycle: dedupe branch fixes this
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

/**
 * A record's `rejection` (the worst analyte's probability, percent) and each analyte's probability
 * (fractions, which line statistics add up) at the institute's settings.
 */
export function storedRejection(
  auc: number,
  { thresholds, model }: RejectionSettings,
): StoredRejection {
  const byAnalyte = rejectionForValue(auc, thresholds, model);
  return {
    rejection: worstPercentOf(byAnalyte),
    pLdh: byAnalyte.ldh.probability,
    pAsat: byAnalyte.asat.probability,
    pPotassium: byAnalyte.potassium.probability,
  };
}
