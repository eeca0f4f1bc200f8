import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettingsDto,
  NotificationSettingsUpdate,
} from '../../../../shared/api/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export async function getNotificationSettings(
  instituteId: number,
): Promise<NotificationSettingsDto> {
  const { data } = await api.get<NotificationSettingsDto>(
    `/v2/institutes/${instituteId}/notification-settings`,
  );
  return data;
}

export async function updateNotificationSettings(
  instituteId: number,
  body: NotificationSettingsUpdate,
): Promise<NotificationSettingsDto> {
  const { data } = await api.put<NotificationSettingsDto>(
    `/v2/institutes/${instituteId}/notification-settings`,
    body,
  );
  return data;
}

export const notificationSettingsQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: notificationKeys.settings(instituteId),
    queryFn: () => getNotificationSettings(instituteId),
  });

/**
 * The signed-in user's settings in one organization: every kind, their own choice or their
 * role's default as the server gives it.
 */
export const useNotificationSettings = (instituteId: number) =>
  useQuery(notificationSettingsQueryOptions(instituteId));

/** Sets the kinds the body names; the server answers with all of them, which the cache keeps. */
export function useUpdateNotificationSettings(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsUpdate) => updateNotificationSettings(instituteId, body),
    onSuccess: (settings) =>
      queryClient.setQueryData(notificationKeys.settings(instituteId), settings),
  });
}
