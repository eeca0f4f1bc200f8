import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Staff: the user's second factor and recovery codes are gone (a lost phone). */
export async function resetSecondFactor(id: number): Promise<void> {
  await api.delete(`/v2/users/${id}/mfa`);
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
