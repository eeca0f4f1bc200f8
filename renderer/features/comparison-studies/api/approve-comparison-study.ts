import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ComparisonStudyDto } from './types';

export async function approveComparisonStudy(id: number): Promise<ComparisonStudyDto> {
  const { data } = await api.post<ComparisonStudyDto>(`/v2/comparison-studies/${id}/approve`);
  return data;
}

/** Approval freezes the study: its status, results and pairs all change. */
export function useApproveComparisonStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveComparisonStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comparisonStudyKeys.all }),
  });
}
