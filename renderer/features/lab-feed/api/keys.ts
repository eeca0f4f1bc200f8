import { queryRoots } from '../../../lib/query-roots';

export interface FeedMessagesQuery {
  instituteId: number;
  /** Zero-based. */
  page: number;
  size: number;
}

/** Every query key of the lab feed: status, needs mapping, mappings, messages. */
export const labFeedKeys = {
  all: queryRoots.labFeed,
  status: (instituteId: number) => [...queryRoots.labFeed, 'status', instituteId] as const,
  pending: (instituteId: number) => [...queryRoots.labFeed, 'pending', instituteId] as const,
  locations: (instituteId: number) => [...queryRoots.labFeed, 'locations', instituteId] as const,
  codes: (instituteId: number) => [...queryRoots.labFeed, 'codes', instituteId] as const,
  messages: (query: FeedMessagesQuery) => [...queryRoots.labFeed, 'messages', query] as const,
};
