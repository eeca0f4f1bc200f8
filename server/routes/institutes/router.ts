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
import { apiRouter } from '../../http/api-router';
import * as institutes from './service';

export function institutesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'institutes');

  api.get(
    '/v2/institutes',
    {
      summary: 'Institutes the user belongs to (staff: all)',
      query: instituteListQuery,
      response: paginated(institute),
    },
    ({ user, query }) => institutes.listInstitutes(ctx, user, query),
  );
  api.post(
    '/v2/institutes',
    {
      summary: 'Create an institute (staff)',
      body: instituteCreate,
      response: institute,
      status: 201,
    },
    ({ user, body }) => institutes.createInstitute(ctx, user, body),
  );
  api.get(
    '/v2/institutes/:id',
    {
      summary: 'One institute with its feature flags (null: defaults)',
      params: idParams,
      response: institute,
    },
    ({ user, params }) => institutes.getInstitute(ctx, user, params.id),
  );
  api.patch(
    '/v2/institutes/:id',
    {
      summary: 'Edit organization settings (owner, staff; some fields staff only)',
      params: idParams,
      body: instituteUpdate,
      response: institute,
    },
    ({ user, params, body }) => institutes.updateInstitute(ctx, user, params.id, body),
  );
  api.delete(
    '/v2/institutes/:id',
    {
      summary: 'Archive an institute (staff); its data is kept',
      params: idParams,
    },
    ({ user, params }) => institutes.archiveInstitute(ctx, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/upload-summary',
    {
      summary: 'Record upload figures of an institute',
      params: idParams,
      response: uploadSummary,
    },
    ({ user, params }) => institutes.uploadSummary(ctx, user, params.id),
  );
  api.get(
    '/v2/feature-flags/defaults',
    {
      summary: 'Flags of institutes without their own set',
      response: featureFlags,
    },
    async () => DEFAULT_FEATURE_FLAGS,
  );
  return api.router;
}
