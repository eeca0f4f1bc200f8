import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings, SsoSettingsUpdate } from '../../../../shared/api/sso';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function updateSsoSettings(id: number, body: SsoSettingsUpdate): Promise<SsoSettings> {
  const { data } = await api.put<SsoSettings>(`/v2/institutes/${id}/sso`, body);
  return data;
}

/** Saves an organization's single sign-on settings; the answer is the new state. */
export function useUpdateSsoSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsUpdate) => updateSsoSettings(id, body),
    onSuccess: (saved) => queryClient.setQueryData(instituteKeys.sso(id), saved),
  });
}
