import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentKeys, type CommentThread } from './keys';

export async function deleteComment(id: number): Promise<void> {
  await api.delete(`/v2/comments/${id}`);
}

export function useDeleteComment(thread: CommentThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) }),
  });
}
