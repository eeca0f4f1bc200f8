import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoSettings } from '../../../../shared/api/sso';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function getSsoSettings(id: number): Promise<SsoSettings> {
  const { data } = await api.get<SsoSettings>(`/v2/institutes/${id}/sso`);
  return data;
}

export const ssoSettingsQueryOptions = (id: number) =>
  queryOptions({ queryKey: instituteKeys.sso(id), queryFn: () => getSsoSettings(id) });

/** An organization's single sign-on settings (never the client secret, only whether one is set). */
export const useSsoSettings = (id: number) => useQuery(ssoSettingsQueryOptions(id));
