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
import * as lines from '../../domain/lines/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentLine, presentLineValidation } from './presenter';

export function linesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'lines');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/lines',
    {
      summary: 'Lines (routes) of an institute with their statistics and validated range',
      access: 'read',
      params: idParams,
      query: lineListQuery,
      response: paginated(line),
    },
    async ({ user, params, query }) =>
      presentPage(await lines.listLines(deps, user, params.id, query), presentLine),
  );
  api.post(
    '/v2/institutes/:id/lines',
    {
      summary: 'Add a line (not guests)',
      access: 'data:edit',
      params: idParams,
      body: lineCreate,
      response: line,
      status: 201,
    },
    async ({ user, params, body }) =>
      presentLine(await lines.createLine(deps, user, params.id, body)),
  );
  api.get(
    '/v2/lines/:id',
    {
      summary: 'One line',
      access: 'read',
      params: idParams,
      response: line,
    },
    async ({ user, params }) => presentLine(await lines.getLine(deps, user, params.id)),
  );
  api.patch(
    '/v2/lines/:id',
    {
      summary: 'Edit line settings or archive it (not guests)',
      access: 'data:edit',
      params: idParams,
      body: lineUpdate,
      response: line,
    },
    async ({ user, params, body }) =>
      presentLine(await lines.updateLine(deps, user, params.id, body)),
  );
  api.get(
    '/v2/lines/:id/validations',
    {
      summary: "The line's validation history with each validation's statistics on the line",
      access: 'read',
      params: idParams,
      query: pageQuery,
      response: paginated(lineValidationRow),
    },
    async ({ user, params, query }) =>
      presentPage(await lines.lineValidations(deps, user, params.id, query), presentLineValidation),
  );
  return api.router;
}
