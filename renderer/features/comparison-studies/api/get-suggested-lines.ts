import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { SuggestedLinesDto } from './types';

/** The institute's roughest lines (at most three), suggested for paired samples. */
export async function getSuggestedLines(instituteId: number): Promise<number[]> {
  const { data } = await api.get<SuggestedLinesDto>(
    `/v2/institutes/${instituteId}/comparison-studies/suggested-lines`,
  );
  return data.line_ids;
}

export const suggestedLinesQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: comparisonStudyKeys.suggestedLines(instituteId),
    queryFn: () => getSuggestedLines(instituteId),
  });

export const useSuggestedLines = (instituteId: number) =>
  useQuery(suggestedLinesQueryOptions(instituteId));
