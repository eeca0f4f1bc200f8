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

/** How many records new settings change the stored rejection of, and how many are reviewed. */
export interface RejectionChanges {
  records: number;
  reviewedRecords: number;
}

const sameRejection = (a: StoredRejection, b: StoredRejection) =>
  a.rejection === b.rejection &&
  a.pLdh === b.pLdh &&
  a.pAsat === b.pAsat &&
  a.pPotassium === b.pPotassium;

/** The batch's records whose stored rejection `settings` change, each with its new figures. */
const changesIn = (batch: repo.StoredRejectionRow[], settings: RejectionSettings) =>
  batch
    .map((row) => ({ row, next: storedRejection(row.auc, settings) }))
    .filter(({ row, next }) => !sameRejection(row, next));

/**
 * Goes through the institute's records with a VitalMetric in batches of ids, each batch in its
 * own transaction, finding those whose stored rejection `settings` change; with `write`, it
 * writes their new figures under the institute's rejection lock, taken before the batch is read.
 * Answers how many changed, reviewed ones among them.
 */
async function throughChanges(
  db: DataSource,
  instituteId: number,
  settings: RejectionSettings,
  { write }: { write: boolean },
): Promise<RejectionChanges> {
  const counts: RejectionChanges = { records: 0, reviewedRecords: 0 };
  let after = 0;
  for (;;) {
    const more = await db.transaction(async (manager) => {
      if (write) await repo.lockInstituteRejections(manager, instituteId);
      const batch = await repo.recordRejectionsAfter(manager, instituteId, after, RECOMPUTE_BATCH);
      const changed = changesIn(batch, settings);
      if (write && changed.length) {
        await repo.setRecordRejections(
          manager,
          changed.map(({ row }) => row.id),
          changed.map(({ next }) => next),
        );
      }
      counts.records += changed.length;
      counts.reviewedRecords += changed.filter(({ row }) => row.isReviewed).length;
      if (batch.length) after = batch[batch.length - 1].id;
      return batch.length === RECOMPUTE_BATCH;
    });
    if (!more) return counts;
  }
}

/**
 * What saving these thresholds would change (issue 44): how many records' stored rejection, and
 * how many of those are reviewed, at the institute's model. Nothing is written.
 */
export async function previewRejectionChanges(
  { db }: RejectionDeps,
  instituteId: number,
  thresholds: AnalyzerThresholds,
): Promise<RejectionChanges> {
  const model = await modelFor(db.manager, instituteId);
  return throughChanges(db, instituteId, { thresholds, model }, { write: false });
}

/**
 * Records' stored rejection (worst analyte in percent, each analyte's probability) at new
 * thresholds or a new model: computed here with the shared model, the changed ones written in
 * batches of ids. One audit entry names how many records changed, reviewed ones among them.
 * Answers how many records changed.
 */
export async function recomputeRejection({ db }: RejectionDeps, instituteId: number) {
  const settings = await rejectionSettings(db.manager, instituteId);
  const counts = await throughChanges(db, instituteId, settings, { write: true });
  if (counts.records > 0) {
    // One entry for the whole recompute (the records' rejections are derived figures).
    await writeAuditEntry(db.manager, {
      instituteId,
      objectType: 'institute',
      objectId: instituteId,
      action: 'rejections_recomputed',
      changes: { records: counts.records, reviewed_records: counts.reviewedRecords },
    });
  }
  return counts.records;
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
