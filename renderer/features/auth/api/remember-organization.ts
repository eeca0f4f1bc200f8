import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

/** Tells the server which organization was chosen, so the next sign-in anywhere starts there. */
export async function rememberOrganization(institute: number): Promise<Account> {
  const { data } = await api.put<Account>('/v2/auth/account/organization', { institute });
  return data;
}

export function useRememberOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rememberOrganization,
    onSuccess: (account) => queryClient.setQueryData(authKeys.user(), account),
  });
}
