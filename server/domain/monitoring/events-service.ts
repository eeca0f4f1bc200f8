import type { DataSource } from 'typeorm';
import {
  EVENT_ALREADY_CLOSED,
  EVENT_NOT_OPEN,
  type EventAcknowledge,
  type EventClose,
  type EventListQuery,
} from '../../../shared/api/events';
import type { AuthUser } from '../../auth/auth-user';
import type { MonitoringEvent } from '../../entities/monitoring-event';
import { conflict, notFound } from '../errors';
import type { Page } from '../pagination';
import { authorize } from '../policy';
import { findEvent, moveEvent, pageOfEvents } from './events-repository';

export interface EventDeps {
  db: DataSource;
}

export async function listEvents(
  { db }: EventDeps,
  user: AuthUser,
  instituteId: number,
  q: EventListQuery,
): Promise<Page<MonitoringEvent>> {
  authorize(user, 'read', instituteId);
  return pageOfEvents(db.manager, instituteId, q);
}

export async function getEvent({ db }: EventDeps, user: AuthUser, id: number) {
  const event = await findEvent(db.manager, id);
  if (!event) throw notFound();
  authorize(user, 'read', event.line.instituteId);
  return event;
}

/**
 * A person has seen the open event, with a note if they wrote one (members and above; guests only
 * read). The note stays with the event and in its History (the event's audit trail).
 */
export async function acknowledgeEvent(
  deps: EventDeps,
  user: AuthUser,
  id: number,
  body: EventAcknowledge,
) {
  const event = await getEvent(deps, user, id);
  authorize(user, 'data:edit');
  const moved = await moveEvent(deps.db.manager, id, ['open'], {
    status: 'acknowledged',
    acknowledgedById: user.id,
    acknowledgedAt: new Date(),
    acknowledgeNote: body.note || null,
  });
  if (!moved) throw conflict(event.status === 'closed' ? EVENT_ALREADY_CLOSED : EVENT_NOT_OPEN);
  return getEvent(deps, user, id);
}

/** Closes the event with what was found and done; a closed event is never reopened. */
export async function closeEvent(deps: EventDeps, user: AuthUser, id: number, body: EventClose) {
  await getEvent(deps, user, id);
  authorize(user, 'data:edit');
  const moved = await moveEvent(deps.db.manager, id, ['open', 'acknowledged'], {
    status: 'closed',
    closedById: user.id,
    closedAt: new Date(),
    resolution: body.resolution,
  });
  if (!moved) throw conflict(EVENT_ALREADY_CLOSED);
  return getEvent(deps, user, id);
}
