import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import { lineMonitoring, lineMonitoringQuery } from '../../../shared/api/monitoring';
import type { AppContext } from '../../app-context';
import * as monitoring from '../../domain/monitoring/service';
import { apiRouter } from '../../http/api-router';
import { presentLineMonitoring } from './presenter';

export function monitoringRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'monitoring');
  const deps = { db: ctx.db };

  api.get(
    '/v2/lines/:id/monitoring',
    {
      summary:
        "The line's records since its baseline judged by the control rules: z, EWMA, firings",
      access: 'read',
      params: idParams,
      query: lineMonitoringQuery,
      response: lineMonitoring,
    },
    async ({ user, params, query }) =>
      presentLineMonitoring(await monitoring.lineMonitoring(deps, user, params.id, query)),
  );
  return api.router;
}
