import { Router } from 'express';
import { idParams, paginated, pageQuery } from '../../../shared/api/common';
import {
  line,
  lineCreate,
  lineListQuery,
  lineUpdate,
  lineValidationRow,
} from '../../../shared/api/lines';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { route } from '../../http/route';
import * as lines from './service';

const tag = 'lines';

export function linesRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/institutes/:id/lines',
      tag,
      summary: 'Lines (routes) of an institute with their statistics and validated range',
      params: idParams,
      query: lineListQuery,
      response: paginated(line),
    },
    ({ user, params, query }) => lines.listLines(ctx, user, params.id, query),
  );
  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/institutes/:id/lines',
      tag,
      summary: 'Add a line (not guests)',
      params: idParams,
      body: lineCreate,
      response: line,
      status: 201,
    },
    ({ user, params, body }) => lines.createLine(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/lines/:id',
      tag,
      summary: 'One line',
      params: idParams,
      response: line,
    },
    ({ user, params }) => lines.getLine(ctx, user, params.id),
  );
  route(
    router,
    authed,
    {
      method: 'patch',
      path: '/v2/lines/:id',
      tag,
      summary: 'Edit line settings or archive it (not guests)',
      params: idParams,
      body: lineUpdate,
      response: line,
    },
    ({ user, params, body }) => lines.updateLine(ctx, user, params.id, body),
  );
  route(
    router,
    authed,
    {
      method: 'get',
      path: '/v2/lines/:id/validations',
      tag,
      summary: "The line's validation history with each validation's statistics on the line",
      params: idParams,
      query: pageQuery,
      response: paginated(lineValidationRow),
    },
    ({ user, params, query }) => lines.lineValidations(ctx, user, params.id, query),
  );
  return router;
}
