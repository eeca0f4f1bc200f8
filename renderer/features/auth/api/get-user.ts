import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function getUser(): Promise<Account> {
  const { data } = await api.get<Account>('/v2/auth/account');
  return data;
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: authKeys.user(), queryFn: getUser, staleTime: 5 * 60_000 });

/** The signed-in user (role, institutes, default institute, the organization last chosen). */
export const useUser = () => useQuery(userQueryOptions());
