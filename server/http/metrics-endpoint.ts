import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { notFound, unauthorized } from '../domain/errors';
import type { ServerMetrics } from '../metrics/server-metrics';
import { routeTemplate } from './request-log';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` for Prometheus: 404 unless METRICS_TOKEN is set, then only with that bearer
 * token (compared in constant time), so the figures never leak to the public.
 */
export function metricsEndpoint(metrics: ServerMetrics, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) return next(notFound('Not found.'));
    const given = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) return next(unauthorized());
    metrics.registry
      .metrics()
      .then((text) =>
        res
          .set('Content-Type', metrics.registry.contentType)
          .set('Cache-Control', 'no-store')
          .send(text),
      )
      .catch(next);
  };
}

/** Counts and times every answer by its route template (`/v2/records/:id`), never its raw path. */
export function countRequests(metrics: ServerMetrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpSeconds.startTimer();
    res.on('finish', () => {
      const labels = {
        method: req.method,
        route: routeTemplate(req),
        status: String(res.statusCode),
      };
      end(labels);
      metrics.httpRequests.inc(labels);
    });
    next();
  };
}
