import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnalyzerDto, AnalyzerUpdate } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { invalidateRejectionFigures } from '../../../lib/query-roots';
import { analyzerKeys } from './keys';

export async function updateAnalyzer(
  instituteId: number,
  body: AnalyzerUpdate,
): Promise<AnalyzerDto> {
  const { data } = await api.patch<AnalyzerDto>(`/v2/institutes/${instituteId}/analyzer`, body);
  return data;
}

/** The saved analyzer is cached; new thresholds change every rejection figure, refetched. */
export const updateAnalyzerMutation = (queryClient: QueryClient, instituteId: number) => ({
  mutationFn: (body: AnalyzerUpdate) => updateAnalyzer(instituteId, body),
  onSuccess: (analyzer: AnalyzerDto) => {
    queryClient.setQueryData(analyzerKeys.detail(instituteId), analyzer);
    return invalidateRejectionFigures(queryClient);
  },
});

export function useUpdateAnalyzer(instituteId: number) {
  return useMutation(updateAnalyzerMutation(useQueryClient(), instituteId));
}
