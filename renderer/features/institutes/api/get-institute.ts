import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Institute } from '../../../../shared/api/institutes';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function getInstitute(id: number): Promise<Institute> {
  const { data } = await api.get<Institute>(`/v2/institutes/${id}`);
  return data;
}

export const instituteQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: instituteKeys.detail(id),
    queryFn: () => getInstitute(id as number),
    enabled: id !== null,
  });

/** One organization with its own feature flags (null: the defaults apply). */
export const useInstitute = (id: number | null) => useQuery(instituteQueryOptions(id));
