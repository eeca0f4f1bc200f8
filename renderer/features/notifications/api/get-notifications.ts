import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { NotificationDto } from '../../../../shared/api/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys, type NotificationsQuery } from './keys';

export async function getNotifications(
  query: NotificationsQuery,
): Promise<Paginated<NotificationDto>> {
  const { data } = await api.get<Paginated<NotificationDto>>('/v2/notifications', {
    params: query,
  });
  return data;
}

export const notificationsQueryOptions = (query: NotificationsQuery, { enabled = true } = {}) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: () => getNotifications(query),
    enabled,
    // Asked afresh whenever the list is opened: the unread count may have moved meanwhile.
    staleTime: 0,
  });

/** A page of the signed-in user's notifications, newest first; fetched only while `enabled`. */
export const useNotifications = (query: NotificationsQuery, options: { enabled?: boolean } = {}) =>
  useQuery(notificationsQueryOptions(query, options));
