import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzerDto, AnalyzerUpdate } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { analyzerKeys } from './keys';

export async function updateAnalyzer(
  instituteId: number,
  body: AnalyzerUpdate,
): Promise<AnalyzerDto> {
  const { data } = await api.patch<AnalyzerDto>(`/v2/institutes/${instituteId}/analyzer`, body);
  return data;
}

/**
 * New thresholds change every rejection figure: lines, validations and the observed-vs-predicted
 * summary are refetched.
 */
export function useUpdateAnalyzer(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyzerUpdate) => updateAnalyzer(instituteId, body),
    onSuccess: (analyzer) => {
      queryClient.setQueryData(analyzerKeys.detail(instituteId), analyzer);
      return Promise.all(
        [
          queryRoots.lines,
          queryRoots.validations,
          queryRoots.hemolysis,
          analyzerKeys.rejections,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
