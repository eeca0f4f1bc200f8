import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '../../../../shared/api/notifications';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../lib/polling';
import { notificationKeys } from './keys';

export async function getUnreadCount(): Promise<UnreadCount> {
  const { data } = await api.get<UnreadCount>('/v2/notifications/unread-count');
  return data;
}

/**
 * The signed-in user's unread notifications (of every organization), asked again every POLL_MS
 * while the window is in view: processing and the scheduled jobs write them at any time.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: getUnreadCount,
    refetchInterval: POLL_MS,
  });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
