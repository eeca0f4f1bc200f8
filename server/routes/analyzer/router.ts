import { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  analyzer,
  analyzerUpdate,
  rejectionQuery,
  rejectionResult,
} from '../../../shared/api/analyzer';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as analyzers from './service';

const tag = 'analyzer';

export function analyzerRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/analyzer',
      tag,
      summary: "The institute's analyzer and thresholds (defaults 15/40/90 mg/dL until saved)",
      params: idParams,
      response: analyzer,
    },
    ({ user, params }) => analyzers.getAnalyzer(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/institutes/:id/analyzer',
      tag,
      summary: "Edit the analyzer (admin, owner, staff); records' rejection is recomputed",
      params: idParams,
      body: analyzerUpdate,
      response: analyzer,
    },
    ({ user, params, body }) => analyzers.updateAnalyzer(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/analyzer/rejection',
      tag,
      summary: 'Rejection probability per analyte for a VitalMetric value (staff calculator)',
      params: idParams,
      query: rejectionQuery,
      response: rejectionResult,
    },
    ({ user, params, query }) => analyzers.rejectionFor(ctx, user, params.id, query.value),
  );
  return router;
}
