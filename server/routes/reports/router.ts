import { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  instituteValidationParams,
  report,
  reportListQuery,
  reportUpdate,
  reportUpload,
} from '../../../shared/api/reports';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { HANDLED, route } from '../../http/route';
import * as reports from './service';

const tag = 'reports';

export function reportsRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/reports',
      tag,
      summary: 'Reports of an institute, newest first',
      params: idParams,
      query: reportListQuery,
      response: paginated(report),
    },
    ({ user, params, query }) => reports.listReports(ctx, user, params.id, query),
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/institutes/:id/reports',
      tag,
      summary: 'Upload a report (staff; multipart: title, PDF or Word file, optional validation)',
      params: idParams,
      bodyType: 'multipart',
      body: reportUpload,
      response: report,
      status: 201,
    },
    async ({ user, params, req, res }) => {
      res.status(201).json(await reports.createReport(ctx, user, params.id, req));
      return HANDLED;
    },
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/reports/institutes/:id/validations/:vid',
      tag,
      summary: 'Upload the report of a completed validation (staff; multipart: file, title)',
      params: instituteValidationParams,
      bodyType: 'multipart',
      body: reportUpload.omit({ validation: true }),
      response: report,
      status: 201,
    },
    async ({ user, params, req, res }) => {
      res
        .status(201)
        .json(await reports.uploadValidationReport(ctx, user, params.id, params.vid, req));
      return HANDLED;
    },
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/reports/:id',
      tag,
      summary: 'One report',
      params: idParams,
      response: report,
    },
    ({ user, params }) => reports.getReport(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/reports/:id',
      tag,
      summary: 'Rename a report (staff, owner, admin)',
      params: idParams,
      body: reportUpdate,
      response: report,
    },
    ({ user, params, body }) => reports.updateReport(ctx, user, params.id, body.title),
  );
  route(
    router,
    authed,
    {
      method: 'delete',
      path: '/v2/reports/:id',
      tag,
      summary: 'Delete a report (staff)',
      params: idParams,
    },
    ({ user, params }) => reports.deleteReport(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/reports/:id/download',
      tag,
      summary: "The report's file, for its institute only (fetch with the bearer token)",
      params: idParams,
    },
    async ({ user, params, res }) => {
      await reports.downloadReport(ctx, user, params.id, res);
      return HANDLED;
    },
  );
  return router;
}
