import { queryRoots } from '../../../lib/query-roots';

/** What a list of notifications asks for: a page, its size, and whether only the unread ones. */
export interface NotificationsQuery {
  page?: number;
  size?: number;
  unread?: boolean;
}

export const notificationKeys = {
  all: queryRoots.notifications,
  lists: () => [...queryRoots.notifications, 'list'] as const,
  list: (query: NotificationsQuery) => [...notificationKeys.lists(), query] as const,
  unreadCount: () => [...queryRoots.notifications, 'unread-count'] as const,
  settings: (instituteId: number) =>
    [...queryRoots.notifications, 'settings', instituteId] as const,
};
