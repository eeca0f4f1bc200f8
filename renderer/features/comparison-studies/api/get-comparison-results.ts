import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ComparisonResults } from './types';

/** The figures of every group (full precision: the screens round). */
export async function getComparisonResults(id: number): Promise<ComparisonResults> {
  const { data } = await api.get<ComparisonResults>(`/v2/comparison-studies/${id}/results`);
  return data;
}

export const comparisonResultsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: comparisonStudyKeys.results(id),
    queryFn: () => getComparisonResults(id),
  });

export const useComparisonResults = (id: number) => useQuery(comparisonResultsQueryOptions(id));
