import type { DataSource } from 'typeorm';
import { BEFORE_NOT_IN_SEQUENCE, type LineMonitoringQuery } from '../../../shared/api/monitoring';
import {
  countRules,
  evaluateSequence,
  monitoringBaseline,
  type MonitoringBaseline,
  type MonitoringPoint,
  type MonitoringRule,
  type NotMonitoredReason,
} from '../../../shared/domain/monitoring-rules';
import type { AuthUser } from '../../auth/auth-user';
import { baselinesOf, type LineBaseline } from '../baselines/service';
import { notFound } from '../errors';
import { findLine } from '../lines/service';
import { sequenceRows } from './repository';

export interface MonitoringDeps {
  db: DataSource;
}

/** A point of the page with the record it judges. */
export interface SequencePoint extends MonitoringPoint {
  recordId: number;
  date: Date;
}

/** A line's monitoring: against its baseline, or why it is not monitored (line-monitoring.md). */
export type LineMonitoringView = { lineId: number } & (
  | { reason: NotMonitoredReason }
  | {
      reason: null;
      baseline: LineBaseline;
      figures: MonitoringBaseline;
      total: number;
      ruleCounts: Record<MonitoringRule, number>;
      points: SequencePoint[];
    }
);

/**
 * The line's sequence judged against its baseline. z and the EWMA depend on every record before,
 * so the whole sequence is evaluated whatever page is asked for: the last `limit` records, or
 * those just before the record `before`.
 */
export async function lineMonitoring(
  { db }: MonitoringDeps,
  user: AuthUser,
  lineId: number,
  query: LineMonitoringQuery,
): Promise<LineMonitoringView> {
  const line = await findLine(db.manager, user, lineId);
  const baseline = (await baselinesOf(db.manager, [line.id])).get(line.id);
  const figures = monitoringBaseline(baseline ? baseline.records.map((r) => r.auc) : null);
  if (!baseline || typeof figures === 'string') {
    return { lineId: line.id, reason: typeof figures === 'string' ? figures : 'no_baseline' };
  }
  const rows = await sequenceRows(db.manager, line.id, baseline.validationId);
  const { points } = evaluateSequence(
    rows.map((r) => r.auc),
    figures,
  );
  const end =
    query.before === undefined ? rows.length : rows.findIndex((r) => r.id === query.before);
  if (end < 0) throw notFound(BEFORE_NOT_IN_SEQUENCE);
  const start = Math.max(0, end - query.limit);
  return {
    lineId: line.id,
    reason: null,
    baseline,
    figures,
    total: rows.length,
    ruleCounts: countRules(points),
    points: points
      .slice(start, end)
      .map((point, k) => ({ ...point, recordId: rows[start + k].id, date: rows[start + k].date })),
  };
}
