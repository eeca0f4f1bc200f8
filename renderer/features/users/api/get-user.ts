import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

export async function getUserById(id: number): Promise<User> {
  const { data } = await api.get<User>(`/v2/users/id/${id}`);
  return data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUserById(id) });

/** One user for the edit form. */
export const useUserById = (id: number) => useQuery(userQueryOptions(id));
