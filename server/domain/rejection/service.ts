import type { DataSource, EntityManager } from 'typeorm';
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
import { writeAuditEntry } from '../audit/repository';
import * as repo from './repository';

const RECOMPUTE_BATCH = 1000;

export interface RejectionDeps {
  db: DataSource;
}

/** The analyzer's cut-offs, or the defaults of rejection-model.md until one is saved. */
export const thresholdsOf = (analyzer: Analyzer | null): AnalyzerThresholds =>
  analyzer
    ? {
        ldh: analyzer.ldhThreshold,
        asat: analyzer.asatThreshold,
        potassium: analyzer.potassiumThreshold,
      }
    : DEFAULT_THRESHOLDS;

/** The institute's analyzer cut-offs in force. */
export const thresholdsFor = async (manager: EntityManager, instituteId: number) =>
  thresholdsOf(await repo.findAnalyzer(manager, instituteId));

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
  return calibrateModel(await repo.usableCalibrationEntries(manager, instituteId));
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
  const [thresholds, model] = await Promise.all([
    thresholdsFor(manager, instituteId),
    modelFor(manager, instituteId),
  ]);
  return { thresholds, model };
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

const auditRecompute = (manager: EntityManager, instituteId: number, records: number) =>
  writeAuditEntry(manager, {
    instituteId,
    objectType: 'institute',
    objectId: instituteId,
    action: 'rejections_recomputed',
    changes: { records },
  });

/**
 * Records' stored rejection (worst analyte in percent, each analyte's probability) at new
 * thresholds or a new model: computed here with the shared model, written in batches of ids.
 */
export async function recomputeRejection({ db }: RejectionDeps, instituteId: number) {
  const settings = await rejectionSettings(db.manager, instituteId);
  let after = 0;
  let updated = 0;
  for (;;) {
    const count = await db.transaction(async (manager) => {
      await repo.lockInstituteRejections(manager, instituteId);
      const batch = await repo.recordAucsAfter(manager, instituteId, after, RECOMPUTE_BATCH);
      if (!batch.length) {
        // One entry for the whole recompute (the records' rejections are derived figures).
        if (updated > 0) await auditRecompute(manager, instituteId, updated);
        return 0;
      }
      await repo.setRecordRejections(
        manager,
        batch.map((r) => r.id),
        batch.map((r) => storedRejection(r.auc, settings)),
      );
      after = batch[batch.length - 1].id;
      return batch.length;
    });
    if (!count) return updated;
    updated += count;
  }
}

/**
 * Records stored before each analyte's probability was (migration LineTallies) get theirs, once:
 * until then they count as 0 in their lines' rejection rates.
 */
export async function fillMissingRejection(deps: RejectionDeps): Promise<number> {
  let filled = 0;
  for (const instituteId of await repo.institutesMissingRejection(deps.db.manager)) {
    filled += await recomputeRejection(deps, instituteId);
  }
  return filled;
}
