import type { z } from 'zod';
import type { eventListQuery } from '../../../../shared/api/events';
import { queryRoots } from '../../../lib/query-roots';

/** What a list of events asks for: the institute and the list's filters as sent. */
export type EventsQuery = Partial<z.input<typeof eventListQuery>> & { instituteId: number };

export const eventKeys = {
  all: queryRoots.events,
  lists: () => [...queryRoots.events, 'list'] as const,
  list: (query: EventsQuery) => [...eventKeys.lists(), query] as const,
};
