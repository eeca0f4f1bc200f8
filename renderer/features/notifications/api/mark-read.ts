import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** What reading changes: every list (the unread marks) and the unread count. */
const refreshRead = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
  ]);

export async function markRead(id: number): Promise<void> {
  await api.post(`/v2/notifications/${id}/read`);
}

export async function markAllRead(): Promise<void> {
  await api.post('/v2/notifications/read-all');
}

export const markReadMutation = (queryClient: QueryClient) => ({
  mutationFn: markRead,
  onSuccess: () => refreshRead(queryClient),
});

export const markAllReadMutation = (queryClient: QueryClient) => ({
  mutationFn: markAllRead,
  onSuccess: () => refreshRead(queryClient),
});

/** Marks one of the user's notifications read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation(markReadMutation(queryClient));
}

/** Marks every notification of the user read, in all their organizations. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation(markAllReadMutation(queryClient));
}
