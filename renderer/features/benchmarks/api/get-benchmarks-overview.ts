import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { benchmarkKeys } from './keys';
import type { BenchmarksOverview } from './types';

/** Staff only: every group of a quarter with reasons and contributors. */
export async function getBenchmarksOverview(quarter: string | null): Promise<BenchmarksOverview> {
  const { data } = await api.get<BenchmarksOverview>('/v2/benchmarks', {
    params: quarter === null ? {} : { quarter },
  });
  return data;
}

export const benchmarksOverviewQueryOptions = (quarter: string | null) =>
  queryOptions({
    queryKey: benchmarkKeys.overview(quarter),
    queryFn: () => getBenchmarksOverview(quarter),
    retry: false,
  });

export const useBenchmarksOverview = (quarter: string | null) =>
  useQuery({ ...benchmarksOverviewQueryOptions(quarter), placeholderData: keepPreviousData });
