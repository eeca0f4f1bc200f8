import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from './keys';

export async function revokeAccessToken(id: number): Promise<void> {
  await api.delete(`/v2/account/tokens/${id}`);
}

/** Revokes a token: the server refuses it from the next request on. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
