import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { Institute } from '../../../../shared/api/institutes';
import { api } from '../../../lib/api-client';
import { instituteKeys, type OrganizationsParams } from './keys';

/** A page of the organizations list (zero-based page), searched by name or partner ID. */
export async function getOrganizations(params: OrganizationsParams): Promise<Paginated<Institute>> {
  const { data } = await api.get<Paginated<Institute>>('/v2/institutes', {
    params: {
      page: params.page,
      size: params.size,
      ordering: 'name',
      ...(params.search ? { search_string: params.search } : {}),
      ...(params.excludeArchived ? { exclude_archived: true } : {}),
    },
  });
  return data;
}

export const organizationsQueryOptions = (params: OrganizationsParams) =>
  queryOptions({
    queryKey: instituteKeys.page(params),
    queryFn: () => getOrganizations(params),
    placeholderData: keepPreviousData,
  });

export const useOrganizations = (params: OrganizationsParams) =>
  useQuery(organizationsQueryOptions(params));
