import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export async function getUser(): Promise<User> {
  const { data } = await api.get<User>('/v2/auth/account');
  return data;
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: authKeys.user(), queryFn: getUser, staleTime: 5 * 60_000 });

/** The signed-in user (role, institutes, default institute). */
export const useUser = () => useQuery(userQueryOptions());
