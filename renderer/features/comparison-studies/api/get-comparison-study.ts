import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ComparisonStudyDto } from './types';

export async function getComparisonStudy(id: number): Promise<ComparisonStudyDto> {
  const { data } = await api.get<ComparisonStudyDto>(`/v2/comparison-studies/${id}`);
  return data;
}

export const comparisonStudyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: comparisonStudyKeys.detail(id),
    queryFn: () => getComparisonStudy(id),
  });

export const useComparisonStudy = (id: number) => useQuery(comparisonStudyQueryOptions(id));
