import type { Router } from 'express';
import {
  allAuditEventsQuery,
  auditEventExportQuery,
  auditEventListQuery,
  auditEventPage,
  auditHistoryQuery,
} from '../../../shared/api/audit';
import { idParams } from '../../../shared/api/common';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import * as audit from '../../domain/audit/audit-log-service';
import { apiRouter } from '../../http/api-router';
import { sendExport } from '../../http/send-export';
import { presentAuditPage } from './presenter';

/** The audit trail's read side: the Audit Log and each object's History (issue 22). */
export function auditRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'audit');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/audit-events',
    {
      summary:
        "The institute's Audit Log, newest first: its entries and its members' sign-ins and " +
        'account changes (owners, admins, staff)',
      access: 'audit:read',
      params: idParams,
      query: auditEventListQuery,
      response: auditEventPage,
    },
    async ({ user, params, query }) =>
      presentAuditPage(await audit.listInstituteAuditEvents(deps, user, params.id, query)),
  );
  api.get(
    '/v2/institutes/:id/audit-events/export',
    {
      summary:
        "The institute's Audit Log with its filters as CSV or Excel, every entry, streamed " +
        "(owners, admins, staff; times in the institute's time zone)",
      access: 'audit:read',
      params: idParams,
      query: auditEventExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(
        res,
        deps.db,
        await audit.exportInstituteAuditEvents(deps, user, params.id, query),
        query.format,
      ),
  );
  api.get(
    '/v2/institutes/:id/history',
    {
      summary:
        "One object's History in the institute, newest first, also once the object is deleted " +
        '(whoever may read the object)',
      access: 'read',
      params: idParams,
      query: auditHistoryQuery,
      response: auditEventPage,
    },
    async ({ user, params, query }) =>
      presentAuditPage(await audit.objectHistory(deps, user, params.id, query)),
  );
  api.get(
    '/v2/audit-events',
    {
      summary: "Every institute's audit trail, newest first (staff)",
      access: 'audit:read-all',
      query: allAuditEventsQuery,
      response: auditEventPage,
    },
    async ({ user, query }) => presentAuditPage(await audit.listAllAuditEvents(deps, user, query)),
  );
  return api.router;
}
