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
import { findAnalyzer } from '../rejection/repository';
import {
  modelFor,
  previewRejectionChanges,
  recomputeRejection,
  thresholdsOf,
  type RejectionChanges,
} from '../rejection/service';
import * as repo from './repository';

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
  const analyzer = await findAnalyzer(db.manager, instituteId);
  return { analyzer, thresholds: thresholdsOf(analyzer) };
}

export async function updateAnalyzer(
  deps: AnalyzerDeps,
  user: AuthUser,
  instituteId: number,
  body: AnalyzerUpdate,
) {
  authorize(user, 'analyzer:edit', instituteId);
  await assertInstitute(deps.db, instituteId);
  const existing = await findAnalyzer(deps.db.manager, instituteId);
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

/**
 * What saving these thresholds would change, before it is saved: how many records' rejection,
 * reviewed ones among them. Only who may edit the analyzer may ask.
 */
export async function previewAnalyzer(
  deps: AnalyzerDeps,
  user: AuthUser,
  instituteId: number,
  body: AnalyzerUpdate,
): Promise<RejectionChanges> {
  authorize(user, 'analyzer:edit', instituteId);
  await assertInstitute(deps.db, instituteId);
  return previewRejectionChanges(deps, instituteId, {
    ldh: body.ldh_threshold,
    asat: body.asat_threshold,
    potassium: body.potassium_threshold,
  });
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
