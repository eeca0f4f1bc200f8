import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationInfo } from '../../../../shared/api/auth';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function getRegistration(token: string): Promise<RegistrationInfo> {
  const { data } = await api.get<RegistrationInfo>(
    `/v2/auth/register/${encodeURIComponent(token)}`,
  );
  return data;
}

export const registrationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.registration(token),
    queryFn: () => getRegistration(token),
  });

/** The invitation behind a registration link: who was invited. */
export const useRegistration = (token: string) => useQuery(registrationQueryOptions(token));
