import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { benchmarkKeys } from './keys';
import type { BenchmarkingOptIn } from './types';

export async function updateBenchmarking(
  instituteId: number,
  optIn: boolean,
): Promise<BenchmarkingOptIn> {
  const { data } = await api.put<BenchmarkingOptIn>(`/v2/institutes/${instituteId}/benchmarking`, {
    opt_in: optIn,
  });
  return data;
}

/**
 * Switching changes every quarter's figures (the pool) and the institute's
 * `benchmarking_opt_in`: both roots are refreshed.
 */
export function useUpdateBenchmarking(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) => updateBenchmarking(instituteId, optIn),
    onSuccess: async (answer) => {
      queryClient.setQueryData(benchmarkKeys.optIn(instituteId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.institutes }),
      ]);
    },
  });
}
