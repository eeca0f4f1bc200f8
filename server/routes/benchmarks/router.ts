import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  benchmarkingOptIn,
  benchmarkingOptInUpdate,
  benchmarksExportQuery,
  benchmarksOverview,
  benchmarksQuery,
  instituteBenchmarks,
} from '../../../shared/api/benchmarks';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { benchmarksPdf, exportBenchmarks } from '../../domain/benchmarks/export';
import * as benchmarks from '../../domain/benchmarks/service';
import { apiRouter } from '../../http/api-router';
import { sendExport } from '../../http/send-export';
import { sendStoredFile } from '../../http/send-file';

/** Peer benchmarking (peer-benchmarking.md section 7). */
export function benchmarksRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'benchmarks');
  const deps = { db: ctx.db, now: () => ctx.now(), log: ctx.log };

  api.get(
    '/v2/institutes/:id/benchmarking',
    {
      summary: 'Whether the institute takes part in peer benchmarking, and its last change',
      access: 'read',
      params: idParams,
      response: benchmarkingOptIn,
    },
    ({ user, params }) => benchmarks.getOptIn(deps, user, params.id),
  );
  api.put(
    '/v2/institutes/:id/benchmarking',
    {
      summary: 'Switch peer benchmarking on or off (owners and admins, and staff); audited',
      access: 'benchmarking:switch',
      params: idParams,
      body: benchmarkingOptInUpdate,
      response: benchmarkingOptIn,
    },
    ({ user, params, body }) => benchmarks.setOptIn(deps, user, params.id, body.opt_in),
  );
  api.get(
    '/v2/institutes/:id/benchmarks',
    {
      summary:
        "The institute's lines and hemolysis indicators among their peer groups in a quarter " +
        '(default: the last that has ended)',
      access: 'read',
      params: idParams,
      query: benchmarksQuery,
      response: instituteBenchmarks,
    },
    async ({ user, params, query }) =>
      (await benchmarks.instituteBenchmarks(deps, user, params.id, query.quarter)).answer,
  );
  api.get(
    '/v2/institutes/:id/benchmarks/export',
    {
      summary: 'The same figures as CSV, Excel or PDF',
      access: 'read',
      params: idParams,
      query: benchmarksExportQuery,
      download: [...Object.values(EXPORT_MEDIA_TYPES), 'application/pdf'],
    },
    async ({ user, params, query, res }) =>
      query.format === 'pdf'
        ? sendStoredFile(
            res,
            await benchmarksPdf(deps, user, params.id, query.quarter),
            'application/pdf',
          )
        : sendExport(
            res,
            deps.db,
            await exportBenchmarks(deps, user, params.id, query.quarter),
            query.format,
          ),
  );
  api.get(
    '/v2/benchmarks',
    {
      summary: 'Every peer group of a quarter with its reason and contributors (staff only)',
      access: 'benchmarks:overview',
      query: benchmarksQuery,
      response: benchmarksOverview,
    },
    ({ user, query }) => benchmarks.overview(deps, user, query.quarter),
  );
  return api.router;
}
