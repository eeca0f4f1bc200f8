import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { label, labelCreate, labelListQuery, labelUpdate } from '../../../shared/api/labels';
import type { AppContext } from '../../app-context';
import * as labels from '../../domain/labels/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentLabel } from './presenter';

export function labelsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'labels');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/labels',
    {
      summary:
        "An institute's labels (the built-in 'unlabeled' is a records filter value, not listed)",
      access: 'read',
      params: idParams,
      query: labelListQuery,
      response: paginated(label),
    },
    async ({ user, params, query }) =>
      presentPage(await labels.listLabels(deps, user, params.id, query), presentLabel),
  );
  api.post(
    '/v2/institutes/:id/labels',
    {
      summary: 'Create a label (not guests); names are unique per institute, ignoring case',
      access: 'data:edit',
      params: idParams,
      body: labelCreate,
      response: label,
      status: 201,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentLabel(await labels.createLabel(deps, user, params.id, body)),
  );
  api.get(
    '/v2/labels/:id',
    {
      summary: 'One label',
      access: 'read',
      params: idParams,
      response: label,
    },
    async ({ user, params }) => presentLabel(await labels.getLabel(deps, user, params.id)),
  );
  api.patch(
    '/v2/labels/:id',
    {
      summary: 'Rename or recolour a label (not guests)',
      access: 'data:edit',
      params: idParams,
      body: labelUpdate,
      response: label,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentLabel(await labels.updateLabel(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/labels/:id',
    {
      summary: 'Delete a label (not guests); it disappears from every record and line',
      access: 'data:edit',
      params: idParams,
    },
    ({ user, params }) => labels.deleteLabel(deps, user, params.id),
  );
  return api.router;
}
