import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzerDto, AnalyzerUpdate } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { analyzerQueryOptions } from './get-analyzer';

export async function updateAnalyzer(
  instituteId: number,
  body: AnalyzerUpdate,
): Promise<AnalyzerDto> {
  const { data } = await api.patch<AnalyzerDto>(`/v2/institutes/${instituteId}/analyzer`, body);
  return data;
}

/** New thresholds change every rejection figure: lines and validations are refetched. */
export function useUpdateAnalyzer(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyzerUpdate) => updateAnalyzer(instituteId, body),
    onSuccess: (analyzer) => {
      queryClient.setQueryData(analyzerQueryOptions(instituteId).queryKey, analyzer);
      return Promise.all(
        ['lines', 'validations', 'rejection'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
}
