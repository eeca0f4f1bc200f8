import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { label, labelCreate, labelListQuery, labelUpdate } from '../../../shared/api/labels';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as labels from './service';

export function labelsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'labels');

  api.get(
    '/v2/institutes/:id/labels',
    {
      summary:
        "An institute's labels (the built-in 'unlabeled' is a records filter value, not listed)",
      params: idParams,
      query: labelListQuery,
      response: paginated(label),
    },
    ({ user, params, query }) => labels.listLabels(ctx, user, params.id, query),
  );
  api.post(
    '/v2/institutes/:id/labels',
    {
      summary: 'Create a label (not guests); names are unique per institute, ignoring case',
      params: idParams,
      body: labelCreate,
      response: label,
      status: 201,
    },
    ({ user, params, body }) => labels.createLabel(ctx, user, params.id, body),
  );
  api.get(
    '/v2/labels/:id',
    {
      summary: 'One label',
      params: idParams,
      response: label,
    },
    ({ user, params }) => labels.getLabel(ctx, user, params.id),
  );
  api.patch(
    '/v2/labels/:id',
    {
      summary: 'Rename or recolour a label (not guests)',
      params: idParams,
      body: labelUpdate,
      response: label,
    },
    ({ user, params, body }) => labels.updateLabel(ctx, user, params.id, body),
  );
  api.delete(
    '/v2/labels/:id',
    {
      summary: 'Delete a label (not guests); it disappears from every record and line',
      params: idParams,
    },
    ({ user, params }) => labels.deleteLabel(ctx, user, params.id),
  );
  return api.router;
}
