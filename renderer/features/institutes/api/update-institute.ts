import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Institute, InstituteUpdate } from '../../../../shared/api/institutes';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function updateInstitute(id: number, body: InstituteUpdate): Promise<Institute> {
  const { data } = await api.patch<Institute>(`/v2/institutes/${id}`, body);
  return data;
}

/** Saves organization settings; the organization, its flags and every list refetch. */
export function useUpdateInstitute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: InstituteUpdate }) => updateInstitute(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(instituteKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: instituteKeys.lists() });
    },
  });
}
