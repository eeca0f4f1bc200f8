import type { DataSource } from 'typeorm';
import type { AnalyzerUpdate } from '../../../shared/api/analyzer';
import {
  rejectionForValue,
  type AnalyzerThresholds,
  type CalibratedModel,
} from '../../../shared/rejection/model';
import type { AuthUser } from '../../auth/auth-user';
import type { Analyzer } from '../../entities/analyzer';
import { notFound } from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize } from '../policy';
// eslint-disable-next-line fences/no-area-cycle -- the rejection ↔ analyzer ↔ clinical-data cycle: dedupe branch fixes this
import { modelFor, storedRejection, thresholdsOf } from '../rejection/service';
import * as repo from './repository';

const RECOMPUTE_BATCH = 1000;

export interface AnalyzerDeps {
  db: DataSource;
}

/** The saved analyzer (null before one is saved) and the thresholds in force. */
export interface AnalyzerSettings {
  analyzer: Analyzer | null;
  thresholds: AnalyzerThresholds;
}

async function assertInstitute(db: DataSource, id: number) {
  if (!(await instituteExists(db.manager, id))) throw notFound();
}

/** The institute's analyzer, or the defaults of rejection-model.md before one is saved. */
export async function getAnalyzer(
  { db }: AnalyzerDeps,
  user: AuthUser,
  instituteId: number,
): Promise<AnalyzerSettings> {
  authorize(user, 'read', instituteId);
  await assertInstitute(db, instituteId);
  const analyzer = await repo.findAnalyzer(db.manager, instituteId);
  return { analyzer, thresholds: thresholdsOf(analyzer) };
}

/**
 * Records' stored rejection (worst analyte in percent, each analyte's probability) at new
 * thresholds or a new model: computed here with the shared model, written in batches of ids.
 */
export async function recomputeRejection({ db }: AnalyzerDeps, instituteId: number) {
  const model = await modelFor(db.manager, instituteId);
  const thresholds = thresholdsOf(await repo.findAnalyzer(db.manager, instituteId));
  let after = 0;
  let updated = 0;
  for (;;) {
    const batch = await repo.recordAucsAfter(db.manager, instituteId, after, RECOMPUTE_BATCH);
    if (!batch.length) return updated;
    await repo.setRecordRejections(
      db.manager,
      batch.map((r) => r.id),
      batch.map((r) => storedRejection(r.auc, { thresholds, model })),
    );
    updated += batch.length;
    after = batch[batch.length - 1].id;
  }
}

/**
 * Records stored before each analyte's probability was (migration LineTallies) get theirs, once:
 * until then they count as 0 in their lines' rejection rates.
 */
export async function fillMissingRejection(deps: AnalyzerDeps): Promise<number> {
  let filled = 0;
  for (const instituteId of await repo.institutesMissingRejection(deps.db.manager)) {
    filled += await recomputeRejection(deps, instituteId);
  }
  return filled;
}

export async function updateAnalyzer(
  deps: AnalyzerDeps,
  user: AuthUser,
  instituteId: number,
  body: AnalyzerUpdate,
) {
  authorize(user, 'analyzer:edit', instituteId);
  await assertInstitute(deps.db, instituteId);
  const existing = await repo.findAnalyzer(deps.db.manager, instituteId);
  const thresholdsChanged =
    !existing ||
    existing.ldhThreshold !== body.ldh_threshold ||
    existing.asatThreshold !== body.asat_threshold ||
    existing.potassiumThreshold !== body.potassium_threshold;
  await repo.saveAnalyzer(deps.db.manager, {
    ...existing,
    instituteId,
    ...(body.make !== undefined && { make: body.make || null }),
    ...(body.model !== undefined && { model: body.model || null }),
    ldhThreshold: body.ldh_threshold,
    asatThreshold: body.asat_threshold,
    potassiumThreshold: body.potassium_threshold,
  });
  if (thresholdsChanged) await recomputeRejection(deps, instituteId);
  return getAnalyzer(deps, user, instituteId);
}

/** What the calculator answers: the settings, each analyte's probability and the model. */
export interface RejectionCalculation {
  settings: AnalyzerSettings;
  byAnalyte: ReturnType<typeof rejectionForValue>;
  model: CalibratedModel;
}

/** The rejection calculator (rejection-model.md, "API"): probabilities as fractions. */
export async function rejectionFor(
  deps: AnalyzerDeps,
  user: AuthUser,
  instituteId: number,
  value: number,
): Promise<RejectionCalculation> {
  authorize(user, 'rejection:calculator', instituteId);
  const settings = await getAnalyzer(deps, user, instituteId);
  const model = await modelFor(deps.db.manager, instituteId);
  return {
    settings,
    byAnalyte: rejectionForValue(value, settings.thresholds, model),
    model,
  };
}
