import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { NotificationDto } from '../../../../shared/api/notifications';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../lib/polling';
import { notificationKeys, type NotificationsQuery } from './keys';

export async function getNotifications(
  query: NotificationsQuery,
): Promise<Paginated<NotificationDto>> {
  const { data } = await api.get<Paginated<NotificationDto>>('/v2/notifications', {
    params: query,
  });
  return data;
}

export const notificationsQueryOptions = (query: NotificationsQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: () => getNotifications(query),
    // Asked afresh whenever the list is opened, and again while it stays open: new ones come at
    // any time.
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

/**
 * A page of the signed-in user's notifications, newest first, asked for while something shows it
 * (the bell's panel is mounted only while open).
 */
export const useNotifications = (query: NotificationsQuery) =>
  useQuery(notificationsQueryOptions(query));
