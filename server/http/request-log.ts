import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../app-context';

/** A request id a proxy in front may have given: kept when it is a short plain token. */
const GIVEN_ID = /^[\w.-]{1,64}$/;

/** The request id (`X-Request-Id`) of a request, set by `logRequests`. */
export const requestIdOf = (res: { locals: Record<string, unknown> }): string | undefined =>
  res.locals.requestId as string | undefined;

/**
 * Gives every request an id, sent back as `X-Request-Id` on every answer (errors included) so a
 * user's report can be found in the log, and writes one line per answer: id, method, route
 * template (never the path or query: a path may hold a registration token), status, time, user.
 */
export function logRequests(log: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const user = req.user;
      log.info('request', {
        req_id: id,
        method: req.method,
        route: routeTemplate(req),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        user_id: user?.id,
        institute_id: instituteOf(req),
      });
    });
    next();
  };
}

/** The institute a route under `/v2/institutes/:id` acts on. */
function instituteOf(req: RoutedRequest & { params: Record<string, unknown> }) {
  const id = req.params.id;
  return routeTemplate(req).startsWith('/v2/institutes/:id') && typeof id === 'string'
    ? id
    : undefined;
}

/** The route's declared template (`/v2/records/:id`); what no route matched is named by kind. */
export function routeTemplate(req: RoutedRequest): string {
  const declared: unknown = req.route?.path;
  if (typeof declared === 'string') return declared;
  // The app's own pages (a pattern route) and files, or an API path no route matched.
  return req.path.startsWith('/v2') ? 'unmatched' : 'static';
}

/** What Express leaves on a request: the route that answered it, if one did. */
interface RoutedRequest {
  route?: { path?: unknown };
  path: string;
}
