import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  analyzer,
  analyzerUpdate,
  rejectionQuery,
  rejectionResult,
} from '../../../shared/api/analyzer';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as analyzers from './service';

export function analyzerRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'analyzer');

  api.get(
    '/v2/institutes/:id/analyzer',
    {
      summary: "The institute's analyzer and thresholds (defaults 15/40/90 mg/dL until saved)",
      params: idParams,
      response: analyzer,
    },
    ({ user, params }) => analyzers.getAnalyzer(ctx, user, params.id),
  );
  api.patch(
    '/v2/institutes/:id/analyzer',
    {
      summary: "Edit the analyzer (admin, owner, staff); records' rejection is recomputed",
      params: idParams,
      body: analyzerUpdate,
      response: analyzer,
    },
    ({ user, params, body }) => analyzers.updateAnalyzer(ctx, user, params.id, body),
  );
  api.get(
    '/v2/institutes/:id/analyzer/rejection',
    {
      summary: 'Rejection probability per analyte for a VitalMetric value (staff calculator)',
      params: idParams,
      query: rejectionQuery,
      response: rejectionResult,
    },
    ({ user, params, query }) => analyzers.rejectionFor(ctx, user, params.id, query.value),
  );
  return api.router;
}
