import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentBody, CommentDto } from '../../../../shared/api/comments';
import { api } from '../../../lib/api-client';
import { commentKeys, type CommentThread } from './keys';

export async function createComment(
  { resource, id }: CommentThread,
  body: CommentBody,
): Promise<CommentDto> {
  const { data } = await api.post<CommentDto>(`/v2/${resource}/${id}/comments`, body);
  return data;
}

export function useCreateComment(thread: CommentThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentBody) => createComment(thread, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.thread(thread) }),
  });
}
