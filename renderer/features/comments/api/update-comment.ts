import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentBody, CommentDto } from '../../../../shared/api/comments';
import { api } from '../../../lib/api-client';
import { commentKeys, type CommentThread } from './keys';

export async function updateComment(id: number, body: CommentBody): Promise<CommentDto> {
  const { data } = await api.patch<CommentDto>(`/v2/comments/${id}`, body);
  return data;
}

export function useUpdateComment(thread: CommentThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CommentBody }) => updateComment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) }),
  });
}
