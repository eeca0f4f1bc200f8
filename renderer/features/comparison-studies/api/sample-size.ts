import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { SampleSizeAnswer, SampleSizeQuestion } from './types';

export type { SampleSizeQuestion };

/** How many pairs a study needs, for planning before any pair exists (section 4). */
export async function getSampleSize(body: SampleSizeQuestion): Promise<SampleSizeAnswer> {
  const { data } = await api.post<SampleSizeAnswer>('/v2/comparison-studies/sample-size', body);
  return data;
}

export const sampleSizeQueryOptions = (body: SampleSizeQuestion | null) =>
  queryOptions({
    queryKey: comparisonStudyKeys.sampleSize(body ?? {}),
    queryFn: () => getSampleSize(body as SampleSizeQuestion),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Asked again as the question changes; nothing is asked while it is incomplete. */
export const useSampleSize = (body: SampleSizeQuestion | null) =>
  useQuery(sampleSizeQueryOptions(body));
