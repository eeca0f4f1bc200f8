import { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { featureFlags, DEFAULT_FEATURE_FLAGS } from '../../../shared/api/feature-flags';
import {
  institute,
  instituteCreate,
  instituteListQuery,
  instituteUpdate,
  uploadSummary,
} from '../../../shared/api/institutes';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as institutes from './service';

const tag = 'institutes';

export function institutesRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes',
      tag,
      summary: 'Institutes the user belongs to (staff: all)',
      query: instituteListQuery,
      response: paginated(institute),
    },
    ({ user, query }) => institutes.listInstitutes(ctx, user, query),
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/institutes',
      tag,
      summary: 'Create an institute (staff)',
      body: instituteCreate,
      response: institute,
      status: 201,
    },
    ({ user, body }) => institutes.createInstitute(ctx, user, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id',
      tag,
      summary: 'One institute with its feature flags (null: defaults)',
      params: idParams,
      response: institute,
    },
    ({ user, params }) => institutes.getInstitute(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/institutes/:id',
      tag,
      summary: 'Edit organization settings (owner, staff; some fields staff only)',
      params: idParams,
      body: instituteUpdate,
      response: institute,
    },
    ({ user, params, body }) => institutes.updateInstitute(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'delete',
      path: '/v2/institutes/:id',
      tag,
      summary: 'Archive an institute (staff); its data is kept',
      params: idParams,
    },
    ({ user, params }) => institutes.archiveInstitute(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/upload-summary',
      tag,
      summary: 'Record upload figures of an institute',
      params: idParams,
      response: uploadSummary,
    },
    ({ user, params }) => institutes.uploadSummary(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/feature-flags/defaults',
      tag: 'feature-flags',
      summary: 'Flags of institutes without their own set',
      response: featureFlags,
    },
    async () => DEFAULT_FEATURE_FLAGS,
  );
  return router;
}
