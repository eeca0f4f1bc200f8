import type { Router } from 'express';
import { comment, commentBody, commentListQuery, COMMENTABLE } from '../../../shared/api/comments';
import { idParams, paginated } from '../../../shared/api/common';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as comments from './service';

export function commentsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'comments');

  for (const resource of COMMENTABLE) {
    api.get(
      `/v2/${resource}/:id/comments`,
      {
        summary: `Comments on one of ${resource}, oldest first`,
        params: idParams,
        query: commentListQuery,
        response: paginated(comment),
      },
      ({ user, params, query }) => comments.listComments(ctx, user, resource, params.id, query),
    );
    api.post(
      `/v2/${resource}/:id/comments`,
      {
        summary: `Comment on one of ${resource} (not guests)`,
        params: idParams,
        body: commentBody,
        response: comment,
        status: 201,
      },
      ({ user, params, body }) => comments.createComment(ctx, user, resource, params.id, body),
    );
  }
  api.get(
    '/v2/comments/:id',
    {
      summary: 'One comment',
      params: idParams,
      response: comment,
    },
    ({ user, params }) => comments.getComment(ctx, user, params.id),
  );
  api.patch(
    '/v2/comments/:id',
    {
      summary: 'Change the text of a comment (its author only)',
      params: idParams,
      body: commentBody,
      response: comment,
    },
    ({ user, params, body }) => comments.updateComment(ctx, user, params.id, body),
  );
  api.delete(
    '/v2/comments/:id',
    {
      summary: 'Delete a comment (its author only)',
      params: idParams,
    },
    ({ user, params }) => comments.deleteComment(ctx, user, params.id),
  );
  return api.router;
}
