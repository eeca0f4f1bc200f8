import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { benchmarkKeys } from './keys';
import type { BenchmarkingOptIn } from './types';

export async function getBenchmarking(instituteId: number): Promise<BenchmarkingOptIn> {
  const { data } = await api.get<BenchmarkingOptIn>(`/v2/institutes/${instituteId}/benchmarking`);
  return data;
}

export const benchmarkingQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: benchmarkKeys.optIn(instituteId),
    queryFn: () => getBenchmarking(instituteId),
  });

/** Whether the organization takes part, and who last switched it. */
export const useBenchmarking = (instituteId: number) =>
  useQuery(benchmarkingQueryOptions(instituteId));
