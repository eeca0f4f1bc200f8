import type { Router } from 'express';
import { idParams, paginated, pageQuery } from '../../../shared/api/common';
import {
  line,
  lineCreate,
  lineExportQuery,
  lineListQuery,
  lineUpdate,
  lineValidationRow,
} from '../../../shared/api/lines';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { exportLines } from '../../domain/lines/export';
import * as lines from '../../domain/lines/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { sendExport } from '../../http/send-export';
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
  api.get(
    '/v2/institutes/:id/lines/export',
    {
      summary:
        'The lines table with its statistics and filters as CSV or Excel, every line (no paging)',
      access: 'read',
      params: idParams,
      query: lineExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(res, deps.db, await exportLines(deps, user, params.id, query), query.format),
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
