import type { DataSource, EntityManager } from 'typeorm';
import { BEFORE_NOT_IN_SEQUENCE, type LineMonitoringQuery } from '../../../shared/api/monitoring';
import {
  countRules,
  evaluateSequence,
  evaluateTail,
  EVALUATION_WARM_UP,
  monitoringBaseline,
  type MonitoringBaseline,
  type MonitoringPoint,
  type MonitoringRule,
  type NotMonitoredReason,
} from '../../../shared/domain/monitoring-rules';
import { isOutOfRange, OUT_OF_RANGE_FOR_REVALIDATION } from '../../../shared/domain/out-of-range';
import type { AuthUser } from '../../auth/auth-user';
import { baselinesOf, type LineBaseline } from '../baselines/service';
import { notFound } from '../errors';
import { findLine } from '../lines/service';
import { eventsReachedAt, reachedKey, type ReachedEvent } from './events-repository';
import {
  inSequence,
  outOfRangeBefore,
  sequenceRows,
  sequenceTail,
  type SequenceRow,
  type SequenceValue,
} from './repository';
import { readSummary, storeSummary, type SequenceSummary } from './summary-repository';

export interface MonitoringDeps {
  db: DataSource;
}

/** A point of the page with the record it judges. */
export interface SequencePoint extends MonitoringPoint {
  recordId: number;
  date: Date;
}

/** A point with the events its alarms reached when its record entered the sequence, by rule. */
export interface ShownPoint extends SequencePoint {
  reached: Partial<Record<MonitoringRule, ReachedEvent>>;
}

/** A line's monitoring: against its baseline, or why it is not monitored (line-monitoring.md). */
export type LineMonitoringView = { lineId: number } & (
  | { reason: NotMonitoredReason }
  | ({
      reason: null;
      baseline: LineBaseline;
      figures: MonitoringBaseline;
      points: ShownPoint[];
    } & SequenceSummary)
);

/** A line's sequence as judged: the line, its baseline and that baseline's figures. */
export interface JudgedLine {
  lineId: number;
  baseline: LineBaseline;
  figures: MonitoringBaseline;
}

/** The line as its baseline judges it, or why it is not monitored. */
export function judgedLine(
  lineId: number,
  baseline: LineBaseline | undefined,
): JudgedLine | NotMonitoredReason {
  if (!baseline) return 'no_baseline';
  const figures = monitoringBaseline(baseline.records.map((r) => r.auc));
  if (typeof figures === 'string') return figures;
  return { lineId, baseline, figures };
}

/** Each point with the record it judges: `rows` from `start` on, one per point. */
const onRecords = (points: MonitoringPoint[], rows: SequenceRow[], start: number) =>
  points.map((point, k) => ({
    ...point,
    recordId: rows[start + k].id,
    date: rows[start + k].date,
  }));

/** The page's points with the events their firings reached (line-monitoring.md §3, issue 44). */
async function withReached(
  manager: EntityManager,
  lineId: number,
  points: SequencePoint[],
): Promise<ShownPoint[]> {
  const reached = await eventsReachedAt(
    manager,
    lineId,
    points.map((p) => p.recordId),
  );
  return points.map((p) => ({
    ...p,
    reached: Object.fromEntries(
      p.rules.flatMap(({ rule }) => {
        const event = reached.get(reachedKey(p.recordId, rule));
        return event ? [[rule, event]] : [];
      }),
    ),
  }));
}

/**
 * The points of `rows` from `warmUp` on. `rows` are the line's sequence from some record on: from
 * its start, or (`fromStart` false) with EVALUATION_WARM_UP records before the first point, which
 * bring the EWMA and the windows up to date; the out-of-range records before them are counted in
 * SQL, up to the count re-validation needs, and only when a point could be the 4th.
 */
export async function pointsOf(
  manager: EntityManager,
  { lineId, baseline: { validationId }, figures }: JudgedLine,
  rows: SequenceValue[],
  { warmUp, fromStart }: { warmUp: number; fromStart: boolean },
): Promise<MonitoringPoint[]> {
  const outOfRange = (from: number, to?: number) =>
    rows.slice(from, to).filter((row) => isOutOfRange(row.auc, figures)).length;
  // With 4 out of range in the warm-up, the 4th came before every point, whatever came earlier.
  const mayBeTheFourth =
    !fromStart && outOfRange(0, warmUp) < OUT_OF_RANGE_FOR_REVALIDATION && outOfRange(warmUp) > 0;
  const before = mayBeTheFourth
    ? await outOfRangeBefore(
        manager,
        lineId,
        validationId,
        rows[0].id,
        figures,
        OUT_OF_RANGE_FOR_REVALIDATION,
      )
    : 0;
  return evaluateTail(
    rows.map((r) => r.auc),
    figures,
    { warmUp, outOfRangeBefore: before },
  );
}

/** The page of points from the line's last records only (a summary gives the rest). */
async function lastPoints(
  manager: EntityManager,
  line: JudgedLine,
  { limit, before }: LineMonitoringQuery,
): Promise<SequencePoint[]> {
  const { validationId } = line.baseline;
  if (before !== undefined && !(await inSequence(manager, line.lineId, validationId, before)))
    throw notFound(BEFORE_NOT_IN_SEQUENCE);
  const read = limit + EVALUATION_WARM_UP;
  const rows = await sequenceTail(manager, line.lineId, validationId, read, before);
  const warmUp = Math.max(0, rows.length - limit);
  const points = await pointsOf(manager, line, rows, { warmUp, fromStart: rows.length < read });
  return onRecords(points, rows, warmUp);
}

/** The baseline figures a summary was judged against, as one comparable text. */
const baselineKey = (baseline: LineBaseline, figures: MonitoringBaseline): string =>
  [baseline.validationId, baseline.completedAt.toISOString(), figures.mean, figures.sd].join(' ');

/** A summary computed while answering, to keep for the next answers. */
interface FreshSummary {
  version: string;
  baseline: string;
  summary: SequenceSummary;
}

/**
 * The line's sequence judged against its baseline, as of one snapshot. `total` and the rule
 * counts come from the line's summary while no write has touched its sequence since (then only the
 * page's records and the EVALUATION_WARM_UP before them are read); otherwise the whole sequence is
 * evaluated once and its summary returned to be kept.
 */
async function monitoringAt(
  manager: EntityManager,
  user: AuthUser,
  lineId: number,
  query: LineMonitoringQuery,
): Promise<{ view: LineMonitoringView; fresh?: FreshSummary }> {
  const line = await findLine(manager, user, lineId);
  const judged = judgedLine(line.id, (await baselinesOf(manager, [line.id])).get(line.id));
  if (typeof judged === 'string') return { view: { lineId: line.id, reason: judged } };
  const { baseline, figures } = judged;
  const key = baselineKey(baseline, figures);
  const { version, summary } = await readSummary(manager, line.id, key);
  const view = { lineId: line.id, reason: null, baseline, figures };
  if (summary) {
    const points = await withReached(manager, line.id, await lastPoints(manager, judged, query));
    return { view: { ...view, ...summary, points } };
  }

  const rows = await sequenceRows(manager, line.id, baseline.validationId);
  const { points } = evaluateSequence(
    rows.map((r) => r.auc),
    figures,
  );
  const end =
    query.before === undefined ? rows.length : rows.findIndex((r) => r.id === query.before);
  if (end < 0) throw notFound(BEFORE_NOT_IN_SEQUENCE);
  const start = Math.max(0, end - query.limit);
  const whole = { total: rows.length, ruleCounts: countRules(points) };
  return {
    view: {
      ...view,
      ...whole,
      points: await withReached(manager, line.id, onRecords(points.slice(start, end), rows, start)),
    },
    fresh: { version, baseline: key, summary: whole },
  };
}

/**
 * The line's monitoring (line-monitoring.md §2). z and the EWMA depend on every record before, and
 * `total` and the rule counts on the whole sequence: read in one snapshot with the summary version,
 * so a summary computed here is kept only for the writes it saw.
 */
export async function lineMonitoring(
  { db }: MonitoringDeps,
  user: AuthUser,
  lineId: number,
  query: LineMonitoringQuery,
): Promise<LineMonitoringView> {
  const { view, fresh } = await db.transaction('REPEATABLE READ', (manager) =>
    monitoringAt(manager, user, lineId, query),
  );
  if (fresh) await storeSummary(db.manager, lineId, fresh.version, fresh.baseline, fresh.summary);
  return view;
}
