import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ComparisonPair } from './types';
import type { Paginated } from '../../../../shared/api/common';

/** Every pair of the study, the excluded ones with their exclusion. */
export async function getComparisonPairs(id: number): Promise<ComparisonPair[]> {
  const { data } = await api.get<Paginated<ComparisonPair>>(`/v2/comparison-studies/${id}/pairs`);
  return data.items;
}

export const comparisonPairsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: comparisonStudyKeys.pairs(id),
    queryFn: () => getComparisonPairs(id),
  });

export const useComparisonPairs = (id: number) => useQuery(comparisonPairsQueryOptions(id));
