import type { Router } from 'express';
import { paginated } from '../../../shared/api/common';
import {
  vial,
  vialCreate,
  vialLabelParams,
  vialListQuery,
  vialUpdate,
} from '../../../shared/api/vials';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as vials from './service';

export function vialsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'vials');
  api.get(
    '/v2/vials',
    {
      summary: 'Registered vials (staff: all; others: their institutes’)',
      query: vialListQuery,
      response: paginated(vial),
    },
    ({ user, query }) => vials.listVials(ctx, user, query),
  );
  api.post(
    '/v2/vials',
    {
      summary: 'Register a vial (staff)',
      body: vialCreate,
      response: vial,
      status: 201,
    },
    ({ user, body }) => vials.createVial(ctx, user, body),
  );
  api.get(
    '/v2/vials/:label',
    {
      summary: 'One vial by label',
      params: vialLabelParams,
      response: vial,
    },
    ({ user, params }) => vials.getVial(ctx, user, params.label),
  );
  api.patch(
    '/v2/vials/:label',
    {
      summary: 'Update a vial (staff)',
      params: vialLabelParams,
      body: vialUpdate,
      response: vial,
    },
    ({ user, params, body }) => vials.updateVial(ctx, user, params.label, body),
  );
  api.delete(
    '/v2/vials/:label',
    {
      summary: 'Retire a vial (staff)',
      params: vialLabelParams,
    },
    ({ user, params }) => vials.deleteVial(ctx, user, params.label),
  );
  return api.router;
}
