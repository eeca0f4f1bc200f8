import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Creates (invites) a user into an institute: the user gets an e-mailed registration link. */
export async function createUser(instituteId: number, body: UserCreate): Promise<User> {
  const { data } = await api.post<User>(`/v2/institutes/${instituteId}/users`, body);
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ instituteId, body }: { instituteId: number; body: UserCreate }) =>
      createUser(instituteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
