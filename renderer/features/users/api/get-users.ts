import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys, type UsersQuery } from './keys';

/** Every user (staff), searched by e-mail, first or last name. */
export async function getUsers({ page, size, search }: UsersQuery): Promise<Paginated<User>> {
  const { data } = await api.get<Paginated<User>>('/v2/users', {
    params: { page, size, ...(search ? { search } : {}) },
  });
  return data;
}

export const usersQueryOptions = (params: UsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersQuery) => useQuery(usersQueryOptions(params));
