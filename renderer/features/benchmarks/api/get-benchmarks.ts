import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { benchmarkKeys } from './keys';
import type { InstituteBenchmarks } from './types';

/** The institute's benchmarks of a quarter (null: the last quarter that has ended). */
export async function getBenchmarks(
  instituteId: number,
  quarter: string | null,
): Promise<InstituteBenchmarks> {
  const { data } = await api.get<InstituteBenchmarks>(`/v2/institutes/${instituteId}/benchmarks`, {
    params: quarter === null ? {} : { quarter },
  });
  return data;
}

export const benchmarksQueryOptions = (instituteId: number, quarter: string | null) =>
  queryOptions({
    queryKey: benchmarkKeys.institute(instituteId, quarter),
    queryFn: () => getBenchmarks(instituteId, quarter),
    // A refusal (not taking part, a quarter not started) is an answer, not a hiccup.
    retry: false,
  });

/** While another quarter loads, the last one stays on screen. */
export const useBenchmarks = (instituteId: number, quarter: string | null, enabled = true) =>
  useQuery({
    ...benchmarksQueryOptions(instituteId, quarter),
    enabled,
    placeholderData: keepPreviousData,
  });
