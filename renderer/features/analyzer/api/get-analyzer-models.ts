import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyzerModelChoice } from '../../../../shared/api/types';
import { api } from '../../../lib/api-client';
import { analyzerKeys } from './keys';

export async function getAnalyzerModels(): Promise<AnalyzerModelChoice[]> {
  const { data } = await api.get<AnalyzerModelChoice[]>('/v2/types/analyzers');
  return data;
}

export const analyzerModelsQueryOptions = () =>
  queryOptions({
    queryKey: analyzerKeys.analyzerModels(),
    queryFn: getAnalyzerModels,
    staleTime: Infinity,
  });

/** The known analyzer models (the "types analyzers" call), each with its make. */
export const useAnalyzerModels = () => useQuery(analyzerModelsQueryOptions());
