import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  eventAcknowledge,
  eventClose,
  eventExportQuery,
  eventListQuery,
  monitoringEvent,
} from '../../../shared/api/events';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import { lineMonitoring, lineMonitoringQuery } from '../../../shared/api/monitoring';
import type { AppContext } from '../../app-context';
import * as events from '../../domain/monitoring/events-service';
import { exportEvents } from '../../domain/monitoring/export';
import * as monitoring from '../../domain/monitoring/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { sendExport } from '../../http/send-export';
import { presentEvent, presentLineMonitoring } from './presenter';

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
  api.get(
    '/v2/institutes/:id/events',
    {
      summary: "The institute's monitoring events (control-rule alarms), newest first",
      access: 'read',
      params: idParams,
      query: eventListQuery,
      response: paginated(monitoringEvent),
    },
    async ({ user, params, query }) =>
      presentPage(await events.listEvents(deps, user, params.id, query), presentEvent),
  );
  api.get(
    '/v2/institutes/:id/events/export',
    {
      summary:
        "The events list with its filters and order as CSV or Excel, every page, streamed (dates in the institute's time zone)",
      access: 'read',
      params: idParams,
      query: eventExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(res, deps.db, await exportEvents(deps, user, params.id, query), query.format),
  );
  api.get(
    '/v2/events/:id',
    {
      summary: 'One monitoring event',
      access: 'read',
      params: idParams,
      response: monitoringEvent,
    },
    async ({ user, params }) => presentEvent(await events.getEvent(deps, user, params.id)),
  );
  api.post(
    '/v2/events/:id/acknowledge',
    {
      summary: 'Acknowledge an open event, with an optional note (not guests)',
      access: 'data:edit',
      params: idParams,
      body: eventAcknowledge,
      response: monitoringEvent,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentEvent(await events.acknowledgeEvent(deps, user, params.id, body)),
  );
  api.post(
    '/v2/events/:id/close',
    {
      summary: 'Close an event with its resolution (not guests); it is never reopened',
      access: 'data:edit',
      params: idParams,
      body: eventClose,
      response: monitoringEvent,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentEvent(await events.closeEvent(deps, user, params.id, body)),
  );
  return api.router;
}
