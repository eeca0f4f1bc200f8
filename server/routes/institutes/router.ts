import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { featureFlags } from '../../../shared/api/feature-flags';
import { DEFAULT_FEATURE_FLAGS } from '../../../shared/domain/feature-flags';
import {
  institute,
  instituteCreate,
  instituteListQuery,
  instituteUpdate,
  uploadSummary,
} from '../../../shared/api/institutes';
import type { AppContext } from '../../app-context';
import * as institutes from '../../domain/institutes/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentInstitute } from './presenter';

export function institutesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'institutes');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes',
    {
      summary: 'Institutes the user belongs to (staff: all)',
      access: 'read',
      query: instituteListQuery,
      response: paginated(institute),
    },
    async ({ user, query }) =>
      presentPage(await institutes.listInstitutes(deps, user, query), (i) =>
        presentInstitute(i, user),
      ),
  );
  api.post(
    '/v2/institutes',
    {
      summary: 'Create an institute (staff)',
      access: 'institute:create',
      body: instituteCreate,
      response: institute,
      status: 201,
    },
    async ({ user, body }) =>
      presentInstitute(await institutes.createInstitute(deps, user, body), user),
  );
  api.get(
    '/v2/institutes/:id',
    {
      summary: 'One institute with its feature flags (null: defaults)',
      access: 'read',
      params: idParams,
      response: institute,
    },
    async ({ user, params }) =>
      presentInstitute(await institutes.getInstitute(deps, user, params.id), user),
  );
  api.patch(
    '/v2/institutes/:id',
    {
      summary:
        'Edit organization settings (owner, staff). Staff-only fields (metadata_type, ' +
        'relationship, subscription, partner_id, feature_flags, archived, customer_since) from ' +
        'anyone else: 403 naming them, nothing changed',
      access: 'institute:settings',
      params: idParams,
      body: instituteUpdate,
      response: institute,
    },
    async ({ user, params, body }) =>
      presentInstitute(await institutes.updateInstitute(deps, user, params.id, body), user),
  );
  api.delete(
    '/v2/institutes/:id',
    {
      summary: 'Archive an institute (staff); its data is kept',
      access: 'institute:create',
      params: idParams,
    },
    ({ user, params }) => institutes.archiveInstitute(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/upload-summary',
    {
      summary: 'Vials, runs and the last upload of an institute',
      access: 'read',
      params: idParams,
      response: uploadSummary,
    },
    ({ user, params }) => institutes.uploadSummary(deps, user, params.id),
  );
  api.get(
    '/v2/feature-flags/defaults',
    {
      summary: 'Flags of institutes without their own set',
      access: 'read',
      response: featureFlags,
    },
    async () => DEFAULT_FEATURE_FLAGS,
  );
  return api.router;
}
