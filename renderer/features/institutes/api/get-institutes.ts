import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { Institute } from '../../../../shared/api/institutes';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../lib/polling';
import { instituteKeys } from './keys';

export async function getInstitutes(excludeArchived: boolean): Promise<Paginated<Institute>> {
  const { data } = await api.get<Paginated<Institute>>('/v2/institutes', {
    params: {
      size: FULL_LIST_SIZE,
      ordering: 'name',
      ...(excludeArchived ? { exclude_archived: true } : {}),
    },
  });
  return data;
}

export const institutesQueryOptions = (excludeArchived: boolean) =>
  queryOptions({
    queryKey: instituteKeys.list(excludeArchived),
    queryFn: () => getInstitutes(excludeArchived),
    refetchInterval: POLL_MS,
    placeholderData: keepPreviousData,
  });

/** Organizations for the selector, polled every 3 s so new ones appear without a reload. */
export const useInstitutes = (excludeArchived: boolean) =>
  useQuery(institutesQueryOptions(excludeArchived));
