import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import { REPORT_FILE_TYPES, REPORT_MESSAGES } from '../../../shared/api/reports';
import {
  instituteValidationParams,
  report,
  reportListQuery,
  reportUpdate,
  reportUpload,
} from '../../../shared/api/reports';
import type { AppContext } from '../../app-context';
import * as reports from '../../domain/reports/service';
import { apiRouter } from '../../http/api-router';
import { receiveMultipart } from '../../http/multipart';
import { presentPage } from '../../http/present-page';
import type { Request } from 'express';
import { presentReport } from './presenter';
import { sendStoredFile } from '../../http/send-file';

/** What a report file may be: PDF or Word. */
const REPORT_MEDIA_TYPES = Object.values(REPORT_FILE_TYPES);

export function reportsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'reports');
  const deps = { db: ctx.db, blobs: ctx.blobs };
  /** The report form (title, file, validation), streamed into staging when the domain asks. */
  const receiveForm = (req: Request) => () =>
    receiveMultipart(req, ctx.blobs, {
      fileField: 'file',
      maxBytes: ctx.config.maxUploadBytes,
      missingFile: REPORT_MESSAGES.fileRequired,
    });

  api.get(
    '/v2/institutes/:id/reports',
    {
      summary: 'Reports of an institute, newest first',
      access: 'read',
      params: idParams,
      query: reportListQuery,
      response: paginated(report),
    },
    async ({ user, params, query }) =>
      presentPage(await reports.listReports(deps, user, params.id, query), presentReport),
  );
  api.post(
    '/v2/institutes/:id/reports',
    {
      summary: 'Upload a report (staff; multipart: title, PDF or Word file, optional validation)',
      access: 'reports:upload',
      params: idParams,
      bodyType: 'multipart',
      body: reportUpload,
      files: { file: REPORT_MEDIA_TYPES },
      response: report,
      status: 201,
    },
    async ({ user, params, req }) =>
      presentReport(await reports.createReport(deps, user, params.id, receiveForm(req))),
  );
  api.post(
    '/v2/reports/institutes/:id/validations/:vid',
    {
      summary: 'Upload the report of a completed validation (staff; multipart: file, title)',
      access: 'reports:upload',
      params: instituteValidationParams,
      bodyType: 'multipart',
      body: reportUpload.omit({ validation: true }),
      files: { file: REPORT_MEDIA_TYPES },
      response: report,
      status: 201,
    },
    async ({ user, params, req }) =>
      presentReport(
        await reports.uploadValidationReport(deps, user, params.id, params.vid, receiveForm(req)),
      ),
  );
  api.get(
    '/v2/reports/:id',
    {
      summary: 'One report',
      access: 'read',
      params: idParams,
      response: report,
    },
    async ({ user, params }) => presentReport(await reports.getReport(deps, user, params.id)),
  );
  api.patch(
    '/v2/reports/:id',
    {
      summary: 'Rename a report (staff, owner, admin)',
      access: 'reports:edit-title',
      params: idParams,
      body: reportUpdate,
      response: report,
    },
    async ({ user, params, body }) =>
      presentReport(await reports.updateReport(deps, user, params.id, body.title)),
  );
  api.delete(
    '/v2/reports/:id',
    {
      summary: 'Delete a report (staff)',
      access: 'reports:delete',
      params: idParams,
    },
    ({ user, params }) => reports.deleteReport(deps, user, params.id),
  );
  api.get(
    '/v2/reports/:id/download',
    {
      summary: "The report's file, for its institute only (fetch with the bearer token)",
      access: 'read',
      params: idParams,
      download: REPORT_MEDIA_TYPES,
      errors: [410],
    },
    async ({ user, params, res }) => {
      const { report, bytes } = await reports.downloadReport(deps, user, params.id);
      return sendStoredFile(res, { fileName: report.fileName, bytes }, report.contentType);
    },
  );
  return api.router;
}
