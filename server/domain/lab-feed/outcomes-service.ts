import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  LAB_OUTCOME_MESSAGES,
  OUTCOME_PERIOD_DEFAULT_DAYS,
  OUTCOME_PERIOD_MAX_DAYS,
  type beforeAfterQuery,
  type labFeedSettingsUpdate,
  type labOutcomesQuery,
} from '../../../shared/api/lab-outcomes';
import { TO_BEFORE_FROM } from '../../../shared/domain/dates';
import { addDays, zonedDay, zonedWallTime } from '../../../shared/domain/time-zone';
import { TIER_ANALYTES, type PerTierAnalyte } from '../../../shared/lab-feed/outcomes';
import { compareProportions } from '../../../shared/lab-feed/statistics';
import type { AuthUser } from '../../auth/auth-user';
import type { LabFeedSettings } from '../../entities/lab-feed-settings';
import { writeAuditEntry } from '../audit/repository';
import { invalidInput } from '../errors';
import { requireFeature } from '../institutes/service';
import { findLine } from '../lines/service';
import { authorize } from '../policy';
import { thresholdsFor } from '../rejection/service';
import * as repo from './outcomes-repository';

/** What the outcome services need. */
export interface LabOutcomeDeps {
  db: DataSource;
}

/** Tenancy (404), then the hemolysisTracking flag (403 with its detail); staff pass. */
const gate = (manager: EntityManager, user: AuthUser, instituteId: number) =>
  requireFeature(manager, user, instituteId, 'hemolysisTracking');

const queryProblem = (field: string, msg: string) =>
  invalidInput([{ loc: ['query', field], msg, type: 'value_error' }]);

const commentAboveOf = (s: LabFeedSettings | null): PerTierAnalyte<number | null> => ({
  potassium: s?.commentAbovePotassium ?? null,
  ldh: s?.commentAboveLdh ?? null,
  asat: s?.commentAboveAsat ?? null,
});

/** Days from `from` to `to`, both included (calendar days). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The comment cut-offs and the analyzer thresholds in force. */
async function cutoffsOf(manager: EntityManager, instituteId: number) {
  const [settings, thresholds] = await Promise.all([
    repo.findSettings(manager, instituteId),
    thresholdsFor(manager, instituteId),
  ]);
  return { commentAbove: commentAboveOf(settings), thresholds };
}

/**
 * A line's daily EFLM outcomes (lab-feed.md section 7) over local dates in the institute's zone:
 * by default the 30 days to today, at most 366. The figures come from one SQL aggregation.
 */
export async function lineOutcomes(
  { db }: LabOutcomeDeps,
  user: AuthUser,
  lineId: number,
  q: z.output<typeof labOutcomesQuery>,
) {
  const line = await findLine(db.manager, user, lineId);
  const institute = await gate(db.manager, user, line.instituteId);
  const zone = institute.timezone;
  const to = q.date__lte ?? zonedDay(Date.now(), zone);
  const from = q.date__gte ?? addDays(to, 1 - OUTCOME_PERIOD_DEFAULT_DAYS);
  if (to < from) throw queryProblem('date__lte', TO_BEFORE_FROM);
  if (daysBetween(from, to) > OUTCOME_PERIOD_MAX_DAYS)
    throw queryProblem('date__lte', LAB_OUTCOME_MESSAGES.periodTooLong);
  const { commentAbove, thresholds } = await cutoffsOf(db.manager, institute.id);
  const days = await repo.outcomeDays(db.manager, lineId, zone, from, to, thresholds, commentAbove);
  return { lineId, zone, commentAbove, thresholds, days };
}

export async function getLabFeedSettings(
  { db }: LabOutcomeDeps,
  user: AuthUser,
  instituteId: number,
) {
  await gate(db.manager, user, instituteId);
  return cutoffsOf(db.manager, instituteId);
}

/**
 * Sets the comment cut-offs (owners, admins, staff): each 0 < c < the analyzer's threshold, or
 * null; audited as `lab_feed_settings` `updated` with the cut-offs before and after.
 */
export async function putLabFeedSettings(
  { db }: LabOutcomeDeps,
  user: AuthUser,
  instituteId: number,
  body: z.output<typeof labFeedSettingsUpdate>,
) {
  await gate(db.manager, user, instituteId);
  authorize(user, 'analyzer:edit');
  return db.transaction(async (manager) => {
    const before = await cutoffsOf(manager, instituteId);
    const problems = TIER_ANALYTES.flatMap((a) => {
      const c = body.comment_above[a];
      const t = before.thresholds[a];
      return c === null || (c > 0 && c < t)
        ? []
        : [
            {
              loc: ['body', 'comment_above', a],
              msg: LAB_OUTCOME_MESSAGES.commentAbove(a, t),
              type: 'value_error',
            },
          ];
    });
    if (problems.length) throw invalidInput(problems);
    await repo.saveSettings(manager, instituteId, body.comment_above);
    await writeAuditEntry(manager, {
      instituteId,
      objectType: 'lab_feed_settings',
      objectId: instituteId,
      action: 'updated',
      changes: { comment_above: { before: before.commentAbove, after: body.comment_above } },
    });
    return { commentAbove: body.comment_above, thresholds: before.thresholds };
  });
}

/**
 * The before/after test (lab-feed.md section 7): the lines' counting h_index samples in the
 * `days` calendar days before local midnight of `date` and in those from it, the proportions
 * above the cut-off, Newcombe's interval of the difference and Fisher's exact p-value.
 */
export async function beforeAfter(
  { db }: LabOutcomeDeps,
  user: AuthUser,
  instituteId: number,
  q: z.output<typeof beforeAfterQuery>,
) {
  const institute = await gate(db.manager, user, instituteId);
  if ((q.analyte === undefined) === (q.hi_above === undefined))
    throw queryProblem(
      q.analyte === undefined ? 'analyte' : 'hi_above',
      LAB_OUTCOME_MESSAGES.eitherAnalyteOrHi,
    );
  const lineIds = [...new Set(q.line_ids)];
  const [{ count }]: { count: number }[] = await db.manager.query(
    'SELECT count(*)::int AS count FROM lines WHERE institute_id = $1 AND id = ANY($2::int[])',
    [instituteId, lineIds],
  );
  if (count !== lineIds.length) throw queryProblem('line_ids', LAB_OUTCOME_MESSAGES.noSuchLine);
  const cutoff =
    q.analyte !== undefined
      ? (await thresholdsFor(db.manager, instituteId))[q.analyte]
      : (q.hi_above as number);
  const zone = institute.timezone;
  const midnight = (day: string) => zonedWallTime(day, 0, 0, zone);
  const start = midnight(addDays(q.date, -q.days));
  const change = midnight(q.date);
  const end = midnight(addDays(q.date, q.days));
  const [before, after] = await Promise.all([
    repo.hiProportion(db.manager, lineIds, start, change, cutoff),
    repo.hiProportion(db.manager, lineIds, change, end, cutoff),
  ]);
  const side = (s: { n: number; x: number }, from: Date, to: Date) => ({
    start: from.toISOString(),
    end: to.toISOString(),
    n: s.n,
    x: s.x,
    p: s.n === 0 ? null : s.x / s.n,
  });
  return {
    line_ids: lineIds,
    date: q.date,
    days: q.days,
    analyte: q.analyte ?? null,
    cutoff,
    before: side(before, start, change),
    after: side(after, change, end),
    ...compareProportions(after, before),
    test: 'fisher_exact_two_sided' as const,
  };
}
