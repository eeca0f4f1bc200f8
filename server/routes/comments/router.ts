import { Router } from 'express';
import { comment, commentBody, commentListQuery, COMMENTABLE } from '../../../shared/api/comments';
import { idParams, paginated } from '../../../shared/api/common';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as comments from './service';

const tag = 'comments';

export function commentsRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  for (const resource of COMMENTABLE) {
    route(
      router,
      authed,
      {
        method: 'get',
        path: `/v2/${resource}/:id/comments`,
        tag,
        summary: `Comments on one of ${resource}, oldest first`,
        params: idParams,
        query: commentListQuery,
        response: paginated(comment),
      },
      ({ user, params, query }) => comments.listComments(ctx, user, resource, params.id, query),
    );
    route(
      router,
      authed,
      {
        method: 'post',
        path: `/v2/${resource}/:id/comments`,
        tag,
        summary: `Comment on one of ${resource} (not guests)`,
        params: idParams,
        body: commentBody,
        response: comment,
        status: 201,
      },
      ({ user, params, body }) => comments.createComment(ctx, user, resource, params.id, body),
    );
  }
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/comments/:id',
      tag,
      summary: 'One comment',
      params: idParams,
      response: comment,
    },
    ({ user, params }) => comments.getComment(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/comments/:id',
      tag,
      summary: 'Change the text of a comment (its author only)',
      params: idParams,
      body: commentBody,
      response: comment,
    },
    ({ user, params, body }) => comments.updateComment(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'delete',
      path: '/v2/comments/:id',
      tag,
      summary: 'Delete a comment (its author only)',
      params: idParams,
    },
    ({ user, params }) => comments.deleteComment(ctx, user, params.id),
  );
  return router;
}
