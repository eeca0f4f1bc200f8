import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserInvite } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/** Invites by e-mail alone into an institute (the Users section of Settings). */
export async function inviteUser(instituteId: number, body: UserInvite): Promise<User> {
  const { data } = await api.post<User>(`/v2/institutes/${instituteId}/users/invite`, body);
  return data;
}

export function useInviteUser(instituteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInvite) => inviteUser(instituteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
