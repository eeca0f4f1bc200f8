import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';
import type { ExclusionCreate } from './types';

export async function createExclusion(studyId: number, body: ExclusionCreate): Promise<void> {
  await api.post(`/v2/comparison-studies/${studyId}/exclusions`, body);
}

/** Excluding a pair changes the study's pairs, results and verdicts. */
export function useCreateExclusion(studyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExclusionCreate) => createExclusion(studyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comparisonStudyKeys.all }),
  });
}
