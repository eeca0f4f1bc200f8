import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../auth';

/** Turns the second factor off with a current code or a recovery code. */
export async function disableTotp(code: string): Promise<void> {
  await api.delete('/v2/account/mfa/totp', { data: { code } });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  });
}
