import type { EntityManager } from 'typeorm';
import type { AnalyzerDto, AnalyzerUpdate } from '../../../shared/api/analyzer';
import {
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  worstRejectionPercent,
  type AnalyzerThresholds,
} from '../../../shared/rejection/model';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { Analyzer } from '../../entities/analyzer';
import { Institute } from '../../entities/institute';
import { notFound } from '../../http/errors';
import { modelFor } from '../../pipeline/rejection';
import { authorize } from '../../policy/policy';

const RECOMPUTE_BATCH = 1000;

function presentAnalyzer(analyzer: Analyzer | null): AnalyzerDto {
  return {
    id: analyzer?.id ?? null,
    make: analyzer?.make ?? null,
    model: analyzer?.model ?? null,
    ldh_threshold: analyzer?.ldhThreshold ?? DEFAULT_THRESHOLDS.ldh,
    asat_threshold: analyzer?.asatThreshold ?? DEFAULT_THRESHOLDS.asat,
    potassium_threshold: analyzer?.potassiumThreshold ?? DEFAULT_THRESHOLDS.potassium,
  };
}

async function assertInstitute(manager: EntityManager, id: number) {
  if (!(await manager.getRepository(Institute).existsBy({ id }))) throw notFound();
}

/** The institute's analyzer, or the defaults of rejection-model.md (id null) before one is saved. */
export async function getAnalyzer(ctx: AppContext, user: AuthUser, instituteId: number) {
  authorize(user, 'read', instituteId);
  await assertInstitute(ctx.db.manager, instituteId);
  return presentAnalyzer(await ctx.db.getRepository(Analyzer).findOneBy({ instituteId }));
}

/**
 * Records' stored `rejection` (worst analyte, percent) at new thresholds: computed here with the
 * shared model, written in batches of ids.
 */
export async function recomputeRejection(ctx: AppContext, instituteId: number): Promise<number> {
  const model = await modelFor(ctx.db.manager, instituteId);
  const analyzer = presentAnalyzer(await ctx.db.getRepository(Analyzer).findOneBy({ instituteId }));
  const thresholds: AnalyzerThresholds = {
    ldh: analyzer.ldh_threshold,
    asat: analyzer.asat_threshold,
    potassium: analyzer.potassium_threshold,
  };
  let after = 0;
  let updated = 0;
  for (;;) {
    const batch: { id: number; auc: number }[] = await ctx.db.query(
      'SELECT id, auc FROM records WHERE institute_id = $1 AND auc IS NOT NULL AND id > $2 ORDER BY id LIMIT $3',
      [instituteId, after, RECOMPUTE_BATCH],
    );
    if (!batch.length) return updated;
    await ctx.db.query(
      'UPDATE records SET rejection = v.rejection FROM unnest($1::int[], $2::float8[]) AS v(id, rejection) WHERE records.id = v.id',
      [batch.map((r) => r.id), batch.map((r) => worstRejectionPercent(r.auc, thresholds, model))],
    );
    updated += batch.length;
    after = batch[batch.length - 1].id;
  }
}

export async function updateAnalyzer(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  body: AnalyzerUpdate,
) {
  authorize(user, 'analyzer:edit', instituteId);
  await assertInstitute(ctx.db.manager, instituteId);
  const repo = ctx.db.getRepository(Analyzer);
  const existing = await repo.findOneBy({ instituteId });
  const thresholdsChanged =
    !existing ||
    existing.ldhThreshold !== body.ldh_threshold ||
    existing.asatThreshold !== body.asat_threshold ||
    existing.potassiumThreshold !== body.potassium_threshold;
  await repo.save({
    ...existing,
    instituteId,
    ...(body.make !== undefined && { make: body.make || null }),
    ...(body.model !== undefined && { model: body.model || null }),
    ldhThreshold: body.ldh_threshold,
    asatThreshold: body.asat_threshold,
    potassiumThreshold: body.potassium_threshold,
  });
  if (thresholdsChanged) await recomputeRejection(ctx, instituteId);
  return getAnalyzer(ctx, user, instituteId);
}

/** The rejection calculator (rejection-model.md, "API"): probabilities as fractions. */
export async function rejectionFor(
  ctx: AppContext,
  user: AuthUser,
  instituteId: number,
  value: number,
) {
  authorize(user, 'rejection:calculator', instituteId);
  const analyzer = await getAnalyzer(ctx, user, instituteId);
  const model = await modelFor(ctx.db.manager, instituteId);
  const byAnalyte = rejectionForValue(
    value,
    {
      ldh: analyzer.ldh_threshold,
      asat: analyzer.asat_threshold,
      potassium: analyzer.potassium_threshold,
    },
    model,
  );
  return {
    analyzer,
    ...byAnalyte,
    model: {
      source: model.source,
      n: model.n,
      mu: model.mu,
      sigma: model.sigma,
      k: model.k,
      k_low: model.kLow,
      k_high: model.kHigh,
    },
  };
}
