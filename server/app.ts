import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from './app-context';
import { desktopCors } from './http/desktop-cors';
import { errorMiddleware } from './http/error-middleware';
import { countRequests, metricsEndpoint } from './http/metrics-endpoint';
import { logRequests } from './http/request-log';
import { notFound } from './domain/errors';
import { requireReady } from './domain/readiness/service';
import { declaredMethods } from './http/declared-methods';
import { derivedOnce, openApiDocument } from './http/openapi';
import { publicRoute } from './http/route';
import { securityHeaders } from './http/security-headers';
import { sendStatic, staticFiles } from './http/static-files';
import { sendSharedJson, sharedJson } from './http/tagged-json';
import { accountTokensRouter } from './routes/account-tokens/router';
import { analyzerRouter } from './routes/analyzer/router';
import { auditRouter } from './routes/audit/router';
import { authRouter } from './routes/auth/router';
import { clinicalDataRouter } from './routes/clinical-data/router';
import { commentsRouter } from './routes/comments/router';
import { comparisonStudiesRouter } from './routes/comparison-studies/router';
import { benchmarksRouter } from './routes/benchmarks/router';
import { contractsRouter } from './routes/contracts/router';
import { downloadsRouter } from './routes/downloads/router';
import { hemolysisRouter } from './routes/hemolysis/router';
import { labFeedRouter } from './routes/lab-feed/router';
import { labOutcomesRouter } from './routes/lab-outcomes/router';
import { institutesRouter } from './routes/institutes/router';
import { labelsRouter } from './routes/labels/router';
import { linesRouter } from './routes/lines/router';
import { monitoringRouter } from './routes/monitoring/router';
import { notificationsRouter } from './routes/notifications/router';
import { recordsRouter } from './routes/records/router';
import { reportsRouter } from './routes/reports/router';
import { ssoRouter } from './routes/sso/router';
import { supportRouter } from './routes/support/router';
import { typesRouter } from './routes/types/router';
import { usersRouter } from './routes/users/router';
import { validationsRouter } from './routes/validations/router';
import { vialsRouter } from './routes/vials/router';

/** Every API router, in one list: adding a resource means adding its router here. */
const ROUTERS = [
  authRouter,
  ssoRouter,
  accountTokensRouter,
  institutesRouter,
  usersRouter,
  vialsRouter,
  recordsRouter,
  labelsRouter,
  commentsRouter,
  linesRouter,
  monitoringRouter,
  notificationsRouter,
  validationsRouter,
  reportsRouter,
  analyzerRouter,
  clinicalDataRouter,
  comparisonStudiesRouter,
  benchmarksRouter,
  hemolysisRouter,
  labFeedRouter,
  labOutcomesRouter,
  typesRouter,
  supportRouter,
  contractsRouter,
  downloadsRouter,
  auditRouter,
];

/**
 * API answers hold personal and clinical data: no cache keeps them unless a route says
 * otherwise (its answer revalidated by ETag, or a shared document such as /v2/openapi.json).
 */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * Serves the built renderer, precompressed (static-files.ts), with index.html for every app route
 * (client-side routing).
 */
function serveRenderer(app: Express, dir: string, log: AppContext['log']): void {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    log.info(`No renderer build at ${dir}: run 'npm run build:renderer' to serve the app.`);
    return;
  }
  app.use(staticFiles(dir));
  app.get(/^(?!\/v2(\/|$)).*/, (req, res, next) => {
    if (path.extname(req.path)) return next(); // a missing asset is a 404, not the app
    sendStatic(req, res, next, index, '/index.html').catch(next);
  });
}

const readiness = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    blob_store: z.boolean(),
    queue: z.boolean(),
  }),
});

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders);
  app.use(logRequests(ctx.log));
  app.use(countRequests(ctx.metrics));
  app.get('/metrics', metricsEndpoint(ctx.metrics, ctx.config.metricsToken));
  app.use('/v2', desktopCors);
  app.use('/v2', noStore);
  // 405 with Allow for a known path asked with a method it does not declare; OPTIONS answered.
  app.use('/v2', declaredMethods);
  // JSON bodies are parsed per route (server/http/route.ts): the lab feed reads its own raw.

  const meta = express.Router();
  publicRoute(
    meta,
    {
      method: 'get',
      path: '/v2/health',
      tag: 'meta',
      summary: 'Answers 200 when the database does',
      access: 'public',
      response: z.object({ status: z.literal('ok') }),
    },
    async () => {
      await ctx.db.query('SELECT 1');
      return { status: 'ok' };
    },
  );
  publicRoute(
    meta,
    {
      method: 'get',
      path: '/v2/ready',
      tag: 'meta',
      summary:
        'Answers 200 when this process can serve: database reachable, migrations applied, blob ' +
        'store writable, queue running; 503 naming what fails (for load balancers)',
      access: 'public',
      response: readiness,
      errors: [503],
    },
    async () => ({ status: 'ready' as const, checks: await requireReady(ctx) }),
  );
  publicRoute(
    meta,
    {
      method: 'get',
      path: '/v2/openapi.json',
      tag: 'meta',
      summary: 'This API as OpenAPI 3 (built once; gzip or brotli, ETag: 304 on If-None-Match)',
      access: 'public',
      download: ['application/json'],
      revalidates: true,
    },
    // As cheap as a static file: anonymous callers must not make the server build it again.
    async ({ req, res }) =>
      sendSharedJson(
        req,
        res,
        derivedOnce('served document', () => sharedJson(openApiDocument())),
      ),
  );
  app.use(meta);
  for (const router of ROUTERS) app.use(router(ctx));
  app.use('/v2', (_req, _res, next) => next(notFound('No such endpoint.')));

  serveRenderer(app, ctx.config.rendererDir, ctx.log);
  // Our own 404 (Express's final handler would drop the security headers).
  app.use((_req, _res, next) => next(notFound('Not found.')));
  app.use(errorMiddleware(ctx.log));
  return app;
}
