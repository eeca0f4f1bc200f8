import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentDto } from '../../../../shared/api/comments';
import type { Paginated } from '../../../../shared/api/common';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { commentKeys, type CommentThread } from './keys';

export async function getComments({ resource, id }: CommentThread): Promise<CommentDto[]> {
  const { data } = await api.get<Paginated<CommentDto>>(`/v2/${resource}/${id}/comments`, {
    params: { size: FULL_LIST_SIZE },
  });
  return data.items;
}

export const commentsQueryOptions = (thread: CommentThread) =>
  queryOptions({ queryKey: commentKeys.thread(thread), queryFn: () => getComments(thread) });

/** The whole conversation on a record or validation, oldest first. */
export const useComments = (thread: CommentThread) => useQuery(commentsQueryOptions(thread));
