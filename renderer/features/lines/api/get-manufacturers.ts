import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../../shared/api/types';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function getManufacturers(): Promise<Choice[]> {
  const { data } = await api.get<Choice[]>('/v2/types/manufacturers');
  return data;
}

export const manufacturersQueryOptions = () =>
  queryOptions({
    queryKey: lineKeys.manufacturers(),
    queryFn: getManufacturers,
    staleTime: Infinity,
  });

export const useManufacturers = () => useQuery(manufacturersQueryOptions());
