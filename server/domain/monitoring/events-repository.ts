import type { EntityManager } from 'typeorm';
import type { EventListQuery } from '../../../shared/api/events';
import type { RuleFiring } from '../../../shared/domain/monitoring-rules';
import { MonitoringEvent } from '../../entities/monitoring-event';
import { paginate } from '../pagination';

/**
 * Opens the (line, rule) event with this firing, or adds the firing to the one not closed: one
 * statement on the partial unique index, so two transactions never open two events for one rule
 * and neither loses its occurrence. Answers the event's id and whether this opened it (a row
 * the upsert inserted has no xmax; one it updated has).
 */
export async function openOrAddToEvent(
  manager: EntityManager,
  lineId: number,
  { rule, side }: RuleFiring,
  recordId: number,
): Promise<{ id: number; opened: boolean }> {
  const [row]: { id: number; opened: boolean }[] = await manager.query(
    `INSERT INTO monitoring_events (line_id, rule, side, first_record_id, last_record_id)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (line_id, rule) WHERE status <> 'closed'
     DO UPDATE SET occurrences = monitoring_events.occurrences + 1,
                   last_record_id = EXCLUDED.last_record_id
     RETURNING id, (xmax = 0) AS opened`,
    [lineId, rule, side, recordId],
  );
  return row;
}

const ORDERINGS = {
  opened_at: 'e.openedAt',
  id: 'e.id',
  rule: 'e.rule',
  status: 'e.status',
  occurrences: 'e.occurrences',
};

/**
 * A page of the institute's events, filtered as the list asks; newest first unless ordered, read
 * from the (institute, opened_at, id) index.
 */
export function pageOfEvents(manager: EntityManager, instituteId: number, q: EventListQuery) {
  const qb = manager
    .getRepository(MonitoringEvent)
    .createQueryBuilder('e')
    .where('e.institute_id = :instituteId', { instituteId });
  if (q.line !== undefined) qb.andWhere('e.line_id = :line', { line: q.line });
  if (q.rule !== undefined) qb.andWhere('e.rule = :rule', { rule: q.rule });
  if (q.status !== undefined) qb.andWhere('e.status = :status', { status: q.status });
  if (q.opened_at__gte) qb.andWhere('e.opened_at >= :gte', { gte: q.opened_at__gte });
  if (q.opened_at__lt) qb.andWhere('e.opened_at < :lt', { lt: q.opened_at__lt });
  return paginate(qb, q, ORDERINGS, '-opened_at');
}

/** The event with the institute of its line, or null. */
export async function findEvent(manager: EntityManager, id: number) {
  return manager
    .getRepository(MonitoringEvent)
    .createQueryBuilder('e')
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
