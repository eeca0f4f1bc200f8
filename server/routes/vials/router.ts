import type { Router } from 'express';
import { paginated } from '../../../shared/api/common';
import {
  vial,
  vialCreate,
  vialDiff,
  vialDiffCreate,
  vialLabelParams,
  vialListQuery,
  vialUpdate,
} from '../../../shared/api/vials';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../auth/auth-user';
import { can } from '../../domain/policy';
import * as vials from '../../domain/vials/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentVial, presentVialDiff } from './presenter';
import { sendStoredFile } from '../../http/send-file';

/** The DIF file is downloaded by those who manage the vial fleet (staff) alone. */
const seesDif = (user: AuthUser) => can(user, 'vials:manage');

export function vialsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'vials');
  const deps = { db: ctx.db, blobs: ctx.blobs };
  api.get(
    '/v2/vials',
    {
      summary: 'Registered vials (staff: all; others: their institutes’)',
      access: 'read',
      query: vialListQuery,
      response: paginated(vial),
    },
    async ({ user, query }) =>
      presentPage(await vials.listVials(deps, user, query), (v) => presentVial(v, seesDif(user))),
  );
  api.post(
    '/v2/vials',
    {
      summary: 'Register a vial (staff)',
      access: 'vials:manage',
      body: vialCreate,
      response: vial,
      status: 201,
      errors: [409],
    },
    async ({ user, body }) => presentVial(await vials.createVial(deps, user, body), seesDif(user)),
  );
  api.post(
    '/v2/vials/create-diff',
    {
      summary: 'Build and store the vial’s data inventory (DIF) file (staff)',
      access: 'vials:manage',
      body: vialDiffCreate,
      response: vialDiff,
      status: 201,
    },
    async ({ user, body }) => presentVialDiff(await vials.createDif(deps, user, body.label)),
  );
  api.get(
    '/v2/vials/:label',
    {
      summary: 'One vial by label',
      access: 'read',
      params: vialLabelParams,
      response: vial,
    },
    async ({ user, params }) =>
      presentVial(await vials.showVial(deps, user, params.label), seesDif(user)),
  );
  api.patch(
    '/v2/vials/:label',
    {
      summary: 'Update a vial (staff)',
      access: 'vials:manage',
      params: vialLabelParams,
      body: vialUpdate,
      response: vial,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentVial(await vials.updateVial(deps, user, params.label, body), seesDif(user)),
  );
  api.delete(
    '/v2/vials/:label',
    {
      summary:
        'Retire a vial, keeping its records (staff: any; admin and owner: their organization’s)',
      access: 'vials:retire',
      params: vialLabelParams,
    },
    ({ user, params }) => vials.retireVial(deps, user, params.label),
  );
  api.get(
    '/v2/vials/:label/diff-file',
    {
      summary: 'The vial’s latest DIF file, CSV (staff; fetch with the bearer token)',
      access: 'vials:manage',
      params: vialLabelParams,
      download: ['text/csv'],
      errors: [410],
    },
    async ({ user, params, res }) => {
      const file = await vials.readDif(deps, user, params.label);
      return sendStoredFile(res, file, 'text/csv; charset=utf-8');
    },
  );
  return api.router;
}
