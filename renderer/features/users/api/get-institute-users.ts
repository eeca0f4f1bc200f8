import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys, type InstituteUsersQuery } from './keys';

export async function getInstituteUsers({
  instituteId,
  page,
  size,
}: InstituteUsersQuery): Promise<Paginated<User>> {
  const { data } = await api.get<Paginated<User>>(`/v2/institutes/${instituteId}/users`, {
    params: { page, size },
  });
  return data;
}

export const instituteUsersQueryOptions = (query: InstituteUsersQuery) =>
  queryOptions({
    queryKey: userKeys.ofInstitute(query),
    queryFn: () => getInstituteUsers(query),
    placeholderData: keepPreviousData,
  });

export const useInstituteUsers = (query: InstituteUsersQuery) =>
  useQuery(instituteUsersQueryOptions(query));
