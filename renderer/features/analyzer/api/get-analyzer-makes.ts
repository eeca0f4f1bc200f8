import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../../shared/api/types';
import { api } from '../../../lib/api-client';
import { analyzerKeys } from './keys';

export async function getAnalyzerMakes(): Promise<Choice[]> {
  const { data } = await api.get<Choice[]>('/v2/types/analyzer/makes');
  return data;
}

export const analyzerMakesQueryOptions = () =>
  queryOptions({
    queryKey: analyzerKeys.makes(),
    queryFn: getAnalyzerMakes,
    staleTime: Infinity,
  });

export const useAnalyzerMakes = () => useQuery(analyzerMakesQueryOptions());
