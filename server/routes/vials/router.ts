import { Router } from 'express';
import { paginated } from '../../../shared/api/common';
import {
  vial,
  vialCreate,
  vialLabelParams,
  vialListQuery,
  vialUpdate,
} from '../../../shared/api/vials';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as vials from './service';

const tag = 'vials';

export function vialsRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/vials',
      tag,
      summary: 'Registered vials (staff: all; others: their institutes’)',
      query: vialListQuery,
      response: paginated(vial),
    },
    ({ user, query }) => vials.listVials(ctx, user, query),
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/vials',
      tag,
      summary: 'Register a vial (staff)',
      body: vialCreate,
      response: vial,
      status: 201,
    },
    ({ user, body }) => vials.createVial(ctx, user, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/vials/:label',
      tag,
      summary: 'One vial by label',
      params: vialLabelParams,
      response: vial,
    },
    ({ user, params }) => vials.getVial(ctx, user, params.label),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/vials/:label',
      tag,
      summary: 'Update a vial (staff)',
      params: vialLabelParams,
      body: vialUpdate,
      response: vial,
    },
    ({ user, params, body }) => vials.updateVial(ctx, user, params.label, body),
  );
  route(
    router,
    authed,
    {
      method: 'delete',
      path: '/v2/vials/:label',
      tag,
      summary: 'Retire a vial (staff)',
      params: vialLabelParams,
    },
    ({ user, params }) => vials.deleteVial(ctx, user, params.label),
  );
  return router;
}
