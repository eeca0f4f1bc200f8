import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ComparisonStudyCreate, ComparisonStudyDto } from './types';

export async function createComparisonStudy(
  instituteId: number,
  body: ComparisonStudyCreate,
): Promise<ComparisonStudyDto> {
  const { data } = await api.post<ComparisonStudyDto>(
    `/v2/institutes/${instituteId}/comparison-studies`,
    body,
  );
  return data;
}

export function useCreateComparisonStudy(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComparisonStudyCreate) => createComparisonStudy(instituteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comparisonStudyKeys.lists() }),
  });
}
