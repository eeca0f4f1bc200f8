import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { comparisonStudyKeys } from './keys';

export async function deleteExclusion(studyId: number, exclusionId: number): Promise<void> {
  await api.delete(`/v2/comparison-studies/${studyId}/exclusions/${exclusionId}`);
}

/** Including a pair again changes the study's pairs, results and verdicts. */
export function useDeleteExclusion(studyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exclusionId: number) => deleteExclusion(studyId, exclusionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: comparisonStudyKeys.all }),
  });
}
