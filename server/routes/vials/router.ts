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
import * as vials from '../../domain/vials/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentVial } from './presenter';

export function vialsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'vials');
  const deps = { db: ctx.db };
  api.get(
    '/v2/vials',
    {
      summary: 'Registered vials (staff: all; others: their institutes’)',
      access: 'read',
      query: vialListQuery,
      response: paginated(vial),
    },
    async ({ user, query }) => presentPage(await vials.listVials(deps, user, query), presentVial),
  );
  api.post(
    '/v2/vials',
    {
      summary: 'Register a vial (staff)',
      access: 'vials:manage',
      body: vialCreate,
      response: vial,
      status: 201,
    },
    async ({ user, body }) => presentVial(await vials.createVial(deps, user, body)),
  );
  api.get(
    '/v2/vials/:label',
    {
      summary: 'One vial by label',
      access: 'read',
      params: vialLabelParams,
      response: vial,
    },
    async ({ user, params }) => presentVial(await vials.getVial(deps, user, params.label)),
  );
  api.patch(
    '/v2/vials/:label',
    {
      summary: 'Update a vial (staff)',
      access: 'vials:manage',
      params: vialLabelParams,
      body: vialUpdate,
      response: vial,
    },
    async ({ user, params, body }) =>
      presentVial(await vials.updateVial(deps, user, params.label, body)),
  );
  api.delete(
    '/v2/vials/:label',
    {
      summary: 'Retire a vial (staff)',
      access: 'vials:manage',
      params: vialLabelParams,
    },
    ({ user, params }) => vials.deleteVial(deps, user, params.label),
  );
  return api.router;
}
