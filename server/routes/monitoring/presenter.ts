import type { MonitoringEventDto } from '../../../shared/api/events';
import type { MonitoringEvent } from '../../entities/monitoring-event';
import type { LineMonitoringDto } from '../../../shared/api/monitoring';
import { countRules } from '../../../shared/domain/monitoring-rules';
import type { LineMonitoringView } from '../../domain/monitoring/service';

export function presentLineMonitoring(view: LineMonitoringView): LineMonitoringDto {
  if (view.reason !== null) {
    return {
      line_id: view.lineId,
      monitored: false,
      reason: view.reason,
      baseline: null,
      total: 0,
      rule_counts: countRules([]),
      points: [],
    };
  }
  const { baseline, figures } = view;
  return {
    line_id: view.lineId,
    monitored: true,
    reason: null,
    baseline: {
      validation_id: baseline.validationId,
      validation_name: baseline.validationName,
      n: figures.n,
      mean: figures.mean,
      sd: figures.sd,
      lower: figures.lower,
      upper: figures.upper,
      completed_at: baseline.completedAt.toISOString(),
    },
    total: view.total,
    rule_counts: view.ruleCounts,
    points: view.points.map((p) => ({
      record_id: p.recordId,
      date: p.date.toISOString(),
      value: p.value,
      z: p.z,
      ewma: p.ewma,
      ewma_limit: p.ewmaLimit,
      rules: p.rules.map((f) => ({ ...f, event: p.reached[f.rule] ?? null })),
    })),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentEvent = (e: MonitoringEvent): MonitoringEventDto => ({
  id: e.id,
  line: e.lineId,
  rule: e.rule,
  side: e.side,
  status: e.status,
  opened_at: e.openedAt.toISOString(),
  first_record: e.firstRecordId,
  first_record_date: iso(e.firstRecord?.date ?? null),
  last_record: e.lastRecordId,
  occurrences: e.occurrences,
  acknowledged_by: e.acknowledgedById,
  acknowledged_at: iso(e.acknowledgedAt),
  acknowledge_note: e.acknowledgeNote,
  closed_by: e.closedById,
  closed_at: iso(e.closedAt),
  resolution: e.resolution,
});
