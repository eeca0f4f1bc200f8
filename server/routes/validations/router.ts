import type { Router } from 'express';
import { z } from 'zod';
import { idParams, paginated } from '../../../shared/api/common';
import { report } from '../../../shared/api/reports';
import {
  validation,
  validationCreate,
  validationLineStats,
  validationListQuery,
  validationSummary,
  validationUpdate,
} from '../../../shared/api/validations';
import { EXPORT_MEDIA_TYPES, exportFormatQuery } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { generateValidationReport, requestValidationReport } from '../../domain/reports/service';
import { exportValidationLines } from '../../domain/validations/export';
import * as validations from '../../domain/validations/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { sendExport } from '../../http/send-export';
import { presentReport } from '../reports/presenter';
import { presentValidation } from './presenter';

export function validationsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'validations');
  const reportDeps = { db: ctx.db, blobs: ctx.blobs };
  const deps = {
    db: ctx.db,
    queue: ctx.queue,
    generateReport: (id: number) => generateValidationReport(reportDeps, id),
  };

  api.get(
    '/v2/institutes/:id/validations',
    {
      summary: 'Validations of an institute, newest start first',
      access: 'read',
      params: idParams,
      query: validationListQuery,
      response: paginated(validation),
    },
    async ({ user, params, query }) =>
      presentPage(
        await validations.listValidations(deps, user, params.id, query),
        presentValidation,
      ),
  );
  api.get(
    '/v2/institutes/:id/validations/latest',
    {
      summary: 'The newest validation of an institute (null when there is none)',
      access: 'read',
      params: idParams,
      response: validation.nullable(),
    },
    async ({ user, params }) => {
      const latest = await validations.latestValidation(deps, user, params.id);
      return latest && presentValidation(latest);
    },
  );
  api.post(
    '/v2/institutes/:id/validations',
    {
      summary: 'Start a validation (not guests)',
      access: 'data:edit',
      params: idParams,
      body: validationCreate,
      response: validation,
      status: 201,
    },
    async ({ user, params, body }) =>
      presentValidation(await validations.createValidation(deps, user, params.id, body)),
  );
  api.get(
    '/v2/validations/:id',
    {
      summary: 'One validation',
      access: 'read',
      params: idParams,
      response: validation,
    },
    async ({ user, params }) =>
      presentValidation(await validations.getValidation(deps, user, params.id)),
  );
  api.patch(
    '/v2/validations/:id',
    {
      summary: 'Edit an in-progress validation (400 once completed)',
      access: 'data:edit',
      params: idParams,
      body: validationUpdate,
      response: validation,
    },
    async ({ user, params, body }) =>
      presentValidation(await validations.updateValidation(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/validations/:id',
    {
      summary: 'Delete a validation',
      access: 'data:edit',
      params: idParams,
    },
    ({ user, params }) => validations.deleteValidation(deps, user, params.id),
  );
  api.get(
    '/v2/validations/:id/summary',
    {
      summary: 'Records collected per line against 4 per day of the duration',
      access: 'read',
      params: idParams,
      response: validationSummary,
    },
    ({ user, params }) => validations.validationSummary(deps, user, params.id),
  );
  api.get(
    '/v2/validations/:id/lines',
    {
      summary: "Statistics of the validation's records per line",
      access: 'read',
      params: idParams,
      response: z.array(validationLineStats),
    },
    ({ user, params }) => validations.validationLines(deps, user, params.id),
  );
  api.get(
    '/v2/validations/:id/lines/export',
    {
      summary: "The validation's results per line as CSV or Excel (the figures of its lines)",
      access: 'read',
      params: idParams,
      query: exportFormatQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(res, deps.db, await exportValidationLines(deps, user, params.id), query.format),
  );
  api.post(
    '/v2/validations/:id/complete',
    {
      summary: "Complete the validation: its records set the lines' validated range",
      access: 'data:edit',
      params: idParams,
      response: validation,
    },
    async ({ user, params }) =>
      presentValidation(await validations.completeValidation(deps, user, params.id)),
  );
  api.post(
    '/v2/validations/:id/request-report',
    {
      summary: 'Build the PDF report of a completed validation and save it as its report',
      access: 'data:edit',
      params: idParams,
      response: report,
      status: 201,
    },
    async ({ user, params }) =>
      presentReport(await requestValidationReport(reportDeps, user, params.id)),
  );
  return api.router;
}
