import type { Commentable } from '../../../../shared/api/comments';
import { queryRoots } from '../../../lib/query-roots';

export interface CommentThread {
  resource: Commentable;
  id: number;
}

export const commentKeys = {
  all: queryRoots.comments,
  thread: ({ resource, id }: CommentThread) => [...queryRoots.comments, resource, id] as const,
};
