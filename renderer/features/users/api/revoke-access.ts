import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Removes one institute from a user's memberships. */
export async function revokeAccess(instituteId: number, userId: number): Promise<void> {
  await api.delete(`/v2/institutes/${instituteId}/users/${userId}`);
}

export function useRevokeAccess(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => revokeAccess(instituteId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
