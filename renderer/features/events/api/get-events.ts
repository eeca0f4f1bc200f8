import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { MonitoringEventDto } from '../../../../shared/api/events';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../lib/polling';
import { eventKeys, type EventsQuery } from './keys';

export async function getEvents({
  instituteId,
  ...params
}: EventsQuery): Promise<Paginated<MonitoringEventDto>> {
  const { data } = await api.get<Paginated<MonitoringEventDto>>(
    `/v2/institutes/${instituteId}/events`,
    { params },
  );
  return data;
}

export const eventsQueryOptions = (query: EventsQuery, { poll = false } = {}) =>
  queryOptions({
    queryKey: eventKeys.list(query),
    queryFn: () => getEvents(query),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });

/**
 * A page of the institute's events, newest first unless ordered otherwise; `poll` watches for
 * the events processing opens (the dashboard).
 */
export const useEvents = (query: EventsQuery, options: { poll?: boolean } = {}) =>
  useQuery(eventsQueryOptions(query, options));
