import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdate } from '../../../../shared/api/auth';
import type { User } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../auth';

export async function updateAccount(body: AccountUpdate): Promise<User> {
  const { data } = await api.post<User>('/v2/auth/account', body);
  return data;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
