import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  instituteValidationParams,
  report,
  reportListQuery,
  reportUpdate,
  reportUpload,
} from '../../../shared/api/reports';
import type { AppContext } from '../../app-context';
import { HANDLED } from '../../http/route';
import { apiRouter } from '../../http/api-router';
import * as reports from './service';

export function reportsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'reports');

  api.get(
    '/v2/institutes/:id/reports',
    {
      summary: 'Reports of an institute, newest first',
      params: idParams,
      query: reportListQuery,
      response: paginated(report),
    },
    ({ user, params, query }) => reports.listReports(ctx, user, params.id, query),
  );
  api.post(
    '/v2/institutes/:id/reports',
    {
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
  api.post(
    '/v2/reports/institutes/:id/validations/:vid',
    {
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
  api.get(
    '/v2/reports/:id',
    {
      summary: 'One report',
      params: idParams,
      response: report,
    },
    ({ user, params }) => reports.getReport(ctx, user, params.id),
  );
  api.patch(
    '/v2/reports/:id',
    {
      summary: 'Rename a report (staff, owner, admin)',
      params: idParams,
      body: reportUpdate,
      response: report,
    },
    ({ user, params, body }) => reports.updateReport(ctx, user, params.id, body.title),
  );
  api.delete(
    '/v2/reports/:id',
    {
      summary: 'Delete a report (staff)',
      params: idParams,
    },
    ({ user, params }) => reports.deleteReport(ctx, user, params.id),
  );
  api.get(
    '/v2/reports/:id/download',
    {
      summary: "The report's file, for its institute only (fetch with the bearer token)",
      params: idParams,
    },
    async ({ user, params, res }) => {
      await reports.downloadReport(ctx, user, params.id, res);
      return HANDLED;
    },
  );
  return api.router;
}
