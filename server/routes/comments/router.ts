import type { Router } from 'express';
import { comment, commentBody, commentListQuery, COMMENTABLE } from '../../../shared/api/comments';
import { idParams, paginated } from '../../../shared/api/common';
import type { AppContext } from '../../app-context';
import * as comments from '../../domain/comments/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentComment } from './presenter';

export function commentsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'comments');
  const deps = { db: ctx.db };

  for (const resource of COMMENTABLE) {
    api.get(
      `/v2/${resource}/:id/comments`,
      {
        summary: `Comments on one of ${resource}, oldest first`,
        access: 'read',
        params: idParams,
        query: commentListQuery,
        response: paginated(comment),
      },
      async ({ user, params, query }) =>
        presentPage(
          await comments.listComments(deps, user, resource, params.id, query),
          presentComment,
        ),
    );
    api.post(
      `/v2/${resource}/:id/comments`,
      {
        summary: `Comment on one of ${resource} (not guests)`,
        access: 'data:edit',
        params: idParams,
        body: commentBody,
        response: comment,
        status: 201,
      },
      async ({ user, params, body }) =>
        presentComment(await comments.createComment(deps, user, resource, params.id, body)),
    );
  }
  api.get(
    '/v2/comments/:id',
    {
      summary: 'One comment',
      access: 'read',
      params: idParams,
      response: comment,
    },
    async ({ user, params }) => presentComment(await comments.getComment(deps, user, params.id)),
  );
  api.patch(
    '/v2/comments/:id',
    {
      summary: 'Change the text of a comment (its author only)',
      access: 'data:edit',
      params: idParams,
      body: commentBody,
      response: comment,
    },
    async ({ user, params, body }) =>
      presentComment(await comments.updateComment(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/comments/:id',
    {
      summary: 'Delete a comment (its author only)',
      access: 'data:edit',
      params: idParams,
    },
    ({ user, params }) => comments.deleteComment(deps, user, params.id),
  );
  return api.router;
}
