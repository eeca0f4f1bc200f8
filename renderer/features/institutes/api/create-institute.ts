import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Institute, InstituteCreate } from '../../../../shared/api/institutes';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function createInstitute(body: InstituteCreate): Promise<Institute> {
  const { data } = await api.post<Institute>('/v2/institutes', body);
  return data;
}

/** Creates an organization (staff); every list, the selector among them, refetches. */
export function useCreateInstitute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instituteKeys.lists() }),
  });
}
