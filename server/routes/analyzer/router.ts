import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  analyzer,
  analyzerPreview,
  analyzerUpdate,
  rejectionQuery,
  rejectionResult,
} from '../../../shared/api/analyzer';
import type { AppContext } from '../../app-context';
import * as analyzers from '../../domain/analyzer/service';
import { apiRouter } from '../../http/api-router';
import { presentAnalyzer, presentAnalyzerPreview, presentRejection } from './presenter';

export function analyzerRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'analyzer');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/analyzer',
    {
      summary: "The institute's analyzer and thresholds (defaults 15/40/90 mg/dL until saved)",
      access: 'read',
      params: idParams,
      response: analyzer,
    },
    async ({ user, params }) => presentAnalyzer(await analyzers.getAnalyzer(deps, user, params.id)),
  );
  api.patch(
    '/v2/institutes/:id/analyzer',
    {
      summary: "Edit the analyzer (admin, owner, staff); records' rejection is recomputed",
      access: 'analyzer:edit',
      params: idParams,
      body: analyzerUpdate,
      response: analyzer,
    },
    async ({ user, params, body }) =>
      presentAnalyzer(await analyzers.updateAnalyzer(deps, user, params.id, body)),
  );
  api.post(
    '/v2/institutes/:id/analyzer/preview',
    {
      summary:
        "What saving these thresholds would change, nothing saved: how many records' rejection, reviewed ones among them",
      access: 'analyzer:edit',
      params: idParams,
      body: analyzerUpdate,
      response: analyzerPreview,
    },
    async ({ user, params, body }) =>
      presentAnalyzerPreview(await analyzers.previewAnalyzer(deps, user, params.id, body)),
  );
  api.get(
    '/v2/institutes/:id/analyzer/rejection',
    {
      summary: 'Rejection probability per analyte for a VitalMetric value (staff calculator)',
      access: 'rejection:calculator',
      params: idParams,
      query: rejectionQuery,
      response: rejectionResult,
    },
    async ({ user, params, query }) =>
      presentRejection(await analyzers.rejectionFor(deps, user, params.id, query.value)),
  );
  return api.router;
}
