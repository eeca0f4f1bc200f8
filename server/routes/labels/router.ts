import { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { label, labelCreate, labelListQuery, labelUpdate } from '../../../shared/api/labels';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as labels from './service';

const tag = 'labels';

export function labelsRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/labels',
      tag,
      summary:
        "An institute's labels (the built-in 'unlabeled' is a records filter value, not listed)",
      params: idParams,
      query: labelListQuery,
      response: paginated(label),
    },
    ({ user, params, query }) => labels.listLabels(ctx, user, params.id, query),
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/institutes/:id/labels',
      tag,
      summary: 'Create a label (not guests); names are unique per institute, ignoring case',
      params: idParams,
      body: labelCreate,
      response: label,
      status: 201,
    },
    ({ user, params, body }) => labels.createLabel(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/labels/:id',
      tag,
      summary: 'One label',
      params: idParams,
      response: label,
    },
    ({ user, params }) => labels.getLabel(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/labels/:id',
      tag,
      summary: 'Rename or recolour a label (not guests)',
      params: idParams,
      body: labelUpdate,
      response: label,
    },
    ({ user, params, body }) => labels.updateLabel(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'delete',
      path: '/v2/labels/:id',
      tag,
      summary: 'Delete a label (not guests); it disappears from every record and line',
      params: idParams,
    },
    ({ user, params }) => labels.deleteLabel(ctx, user, params.id),
  );
  return router;
}
