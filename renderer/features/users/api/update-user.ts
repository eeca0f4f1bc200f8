import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdate } from '../../../../shared/api/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

export async function updateUser(id: number, body: UserUpdate): Promise<User> {
  const { data } = await api.patch<User>(`/v2/users/${id}`, body);
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdate }) => updateUser(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
