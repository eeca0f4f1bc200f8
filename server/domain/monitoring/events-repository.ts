import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { EventListQuery } from '../../../shared/api/events';
import type { EventStatus } from '../../../shared/domain/event-words';
import type { MonitoringRule, RuleFiring, RuleSide } from '../../../shared/domain/monitoring-rules';
import { MonitoringEvent } from '../../entities/monitoring-event';
import { applyOrdering, paginate } from '../pagination';

/**
 * Opens the (line, rule) event with this firing, or adds the firing to the one not closed: one
 * statement on the partial unique index, so two transactions never open two events for one rule
 * and neither loses its occurrence. The firing is kept with the event it reached (the chart says
 * so). Answers the event's id and whether this opened it (a row the upsert inserted has no xmax;
 * one it updated has).
 */
export async function openOrAddToEvent(
  manager: EntityManager,
  lineId: number,
  { rule, side }: RuleFiring,
  recordId: number,
): Promise<{ id: number; opened: boolean }> {
  const [row]: { id: number; opened: boolean }[] = await manager.query(
    `WITH event AS (
       INSERT INTO monitoring_events (line_id, rule, side, first_record_id, last_record_id)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (line_id, rule) WHERE status <> 'closed'
       DO UPDATE SET occurrences = monitoring_events.occurrences + 1,
                     last_record_id = EXCLUDED.last_record_id
       RETURNING id, (xmax = 0) AS opened),
     firing AS (
       INSERT INTO monitoring_event_firings (record_id, event_id, opened)
       SELECT $4, id, opened FROM event
       ON CONFLICT DO NOTHING)
     SELECT id, opened FROM event`,
    [lineId, rule, side, recordId],
  );
  return row;
}

/** The event a firing reached: its id and status, and whether the firing opened it. */
export interface ReachedEvent {
  id: number;
  status: EventStatus;
  opened: boolean;
}

/**
 * The events the line's firings at these records reached, by record and rule (the rule is the
 * event's): a firing that neither opened an event nor was counted on one is not among them.
 */
export async function eventsReachedAt(
  manager: EntityManager,
  lineId: number,
  recordIds: number[],
): Promise<Map<string, ReachedEvent>> {
  if (!recordIds.length) return new Map();
  const rows: (ReachedEvent & { record_id: number; rule: MonitoringRule })[] = await manager.query(
    `SELECT f.record_id, e.rule, e.id, e.status, f.opened
     FROM monitoring_event_firings f JOIN monitoring_events e ON e.id = f.event_id
     WHERE f.record_id = ANY($1) AND e.line_id = $2
     ORDER BY e.id`,
    [recordIds, lineId],
  );
  return new Map(
    rows.map((r) => [
      reachedKey(r.record_id, r.rule),
      { id: r.id, status: r.status, opened: r.opened },
    ]),
  );
}

/** The key of a firing at a record in eventsReachedAt's answer. */
export const reachedKey = (recordId: number, rule: MonitoringRule) => `${recordId} ${rule}`;

/** Events `e` with their first record's id and date only (when the drift was seen). */
const withFirstRecordDate = (qb: SelectQueryBuilder<MonitoringEvent>) =>
  qb.leftJoin('e.firstRecord', 'fr').addSelect(['fr.id', 'fr.date']);

const ORDERINGS = {
  opened_at: 'e.openedAt',
  id: 'e.id',
  rule: 'e.rule',
  status: 'e.status',
  occurrences: 'e.occurrences',
};
const DEFAULT_ORDERING = '-opened_at';

/** The institute's events as the list filters them. */
function filteredEvents(manager: EntityManager, instituteId: number, q: EventListQuery) {
  const qb = withFirstRecordDate(
    manager.getRepository(MonitoringEvent).createQueryBuilder('e'),
  ).where('e.institute_id = :instituteId', { instituteId });
  if (q.line !== undefined) qb.andWhere('e.line_id = :line', { line: q.line });
  if (q.rule !== undefined) qb.andWhere('e.rule = :rule', { rule: q.rule });
  if (q.status !== undefined) qb.andWhere('e.status = :status', { status: q.status });
  if (q.opened_at__gte) qb.andWhere('e.opened_at >= :gte', { gte: q.opened_at__gte });
  if (q.opened_at__lt) qb.andWhere('e.opened_at < :lt', { lt: q.opened_at__lt });
  return qb;
}

/**
 * A page of the institute's events, filtered as the list asks; newest first unless ordered, read
 * from the (institute, opened_at, id) index.
 */
export function pageOfEvents(manager: EntityManager, instituteId: number, q: EventListQuery) {
  return paginate(filteredEvents(manager, instituteId, q), q, ORDERINGS, DEFAULT_ORDERING);
}

/** An event as the export reads it (the instant already ISO 8601 text). */
export interface EventExportRow {
  opened_at: string;
  line: string;
  rule: MonitoringRule;
  side: RuleSide;
  status: EventStatus;
  occurrences: number;
  last_record: number | null;
  resolution: string | null;
}

/**
 * The SQL of every event the list's filters keep, in its order, with its line's name, for an
 * export streamed through a cursor; `opened_at` formatted with `dateFormat`.
 */
export function eventExportQuery(
  manager: EntityManager,
  instituteId: number,
  q: EventListQuery,
  dateFormat: string,
): [string, unknown[]] {
  const qb = filteredEvents(manager, instituteId, q)
    .innerJoin('e.line', 'line')
    .select(`to_char(e.opened_at, '${dateFormat}')`, 'opened_at')
    .addSelect('line.name', 'line')
    .addSelect('e.rule', 'rule')
    .addSelect('e.side', 'side')
    .addSelect('e.status', 'status')
    .addSelect('e.occurrences', 'occurrences')
    .addSelect('e.last_record_id', 'last_record')
    .addSelect('e.resolution', 'resolution');
  return applyOrdering(qb, q.ordering, ORDERINGS, DEFAULT_ORDERING).getQueryAndParameters();
}

/** The event with the institute of its line, or null. */
export async function findEvent(manager: EntityManager, id: number) {
  return withFirstRecordDate(manager.getRepository(MonitoringEvent).createQueryBuilder('e'))
    .innerJoinAndSelect('e.line', 'l')
    .where('e.id = :id', { id })
    .getOne();
}

/**
 * Moves the event from one of `from` to `status` with the fields given, only if it still is in one
 * of them (two people acting at once: one wins). True when it moved.
 */
export async function moveEvent(
  manager: EntityManager,
  id: number,
  from: MonitoringEvent['status'][],
  fields: Partial<MonitoringEvent>,
): Promise<boolean> {
  const result = await manager
    .createQueryBuilder()
    .update(MonitoringEvent)
    .set(fields)
    .where('id = :id AND status IN (:...from)', { id, from })
    .execute();
  return (result.affected ?? 0) > 0;
}
