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
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as validations from './service';

export function validationsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'validations');

  api.get(
    '/v2/institutes/:id/validations',
    {
      summary: 'Validations of an institute, newest start first',
      params: idParams,
      query: validationListQuery,
      response: paginated(validation),
    },
    ({ user, params, query }) => validations.listValidations(ctx, user, params.id, query),
  );
  api.get(
    '/v2/institutes/:id/validations/latest',
    {
      summary: 'The newest validation of an institute (null when there is none)',
      params: idParams,
      response: validation.nullable(),
    },
    ({ user, params }) => validations.latestValidation(ctx, user, params.id),
  );
  api.post(
    '/v2/institutes/:id/validations',
    {
      summary: 'Start a validation (not guests)',
      params: idParams,
      body: validationCreate,
      response: validation,
      status: 201,
    },
    ({ user, params, body }) => validations.createValidation(ctx, user, params.id, body),
  );
  api.get(
    '/v2/validations/:id',
    {
      summary: 'One validation',
      params: idParams,
      response: validation,
    },
    ({ user, params }) => validations.getValidation(ctx, user, params.id),
  );
  api.patch(
    '/v2/validations/:id',
    {
      summary: 'Edit an in-progress validation (400 once completed)',
      params: idParams,
      body: validationUpdate,
      response: validation,
    },
    ({ user, params, body }) => validations.updateValidation(ctx, user, params.id, body),
  );
  api.delete(
    '/v2/validations/:id',
    {
      summary: 'Delete a validation',
      params: idParams,
    },
    ({ user, params }) => validations.deleteValidation(ctx, user, params.id),
  );
  api.get(
    '/v2/validations/:id/summary',
    {
      summary: 'Records collected per line against 4 per day of the duration',
      params: idParams,
      response: validationSummary,
    },
    ({ user, params }) => validations.validationSummary(ctx, user, params.id),
  );
  api.get(
    '/v2/validations/:id/lines',
    {
      summary: "Statistics of the validation's records per line",
      params: idParams,
      response: z.array(validationLineStats),
    },
    ({ user, params }) => validations.validationLines(ctx, user, params.id),
  );
  api.post(
    '/v2/validations/:id/complete',
    {
      summary: "Complete the validation: its records set the lines' validated range",
      params: idParams,
      response: validation,
    },
    ({ user, params }) => validations.completeValidation(ctx, user, params.id),
  );
  api.post(
    '/v2/validations/:id/request-report',
    {
      summary: 'Build the PDF report of a completed validation and save it as its report',
      params: idParams,
      response: report,
      status: 201,
    },
    ({ user, params }) => validations.requestReport(ctx, user, params.id),
  );
  return api.router;
}
