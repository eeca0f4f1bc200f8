import type { Router } from 'express';
import { idParams, paginated, pageQuery } from '../../../shared/api/common';
import {
  line,
  lineCreate,
  lineListQuery,
  lineUpdate,
  lineValidationRow,
} from '../../../shared/api/lines';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as lines from './service';

export function linesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'lines');

  api.get(
    '/v2/institutes/:id/lines',
    {
      summary: 'Lines (routes) of an institute with their statistics and validated range',
      params: idParams,
      query: lineListQuery,
      response: paginated(line),
    },
    ({ user, params, query }) => lines.listLines(ctx, user, params.id, query),
  );
  api.post(
    '/v2/institutes/:id/lines',
    {
      summary: 'Add a line (not guests)',
      params: idParams,
      body: lineCreate,
      response: line,
      status: 201,
    },
    ({ user, params, body }) => lines.createLine(ctx, user, params.id, body),
  );
  api.get(
    '/v2/lines/:id',
    {
      summary: 'One line',
      params: idParams,
      response: line,
    },
    ({ user, params }) => lines.getLine(ctx, user, params.id),
  );
  api.patch(
    '/v2/lines/:id',
    {
      summary: 'Edit line settings or archive it (not guests)',
      params: idParams,
      body: lineUpdate,
      response: line,
    },
    ({ user, params, body }) => lines.updateLine(ctx, user, params.id, body),
  );
  api.get(
    '/v2/lines/:id/validations',
    {
      summary: "The line's validation history with each validation's statistics on the line",
      params: idParams,
      query: pageQuery,
      response: paginated(lineValidationRow),
    },
    ({ user, params, query }) => lines.lineValidations(ctx, user, params.id, query),
  );
  return api.router;
}
