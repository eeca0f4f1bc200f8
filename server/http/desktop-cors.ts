import type { RequestHandler } from 'express';
import { APP_ORIGIN as DESKTOP_ORIGIN } from '../../shared/ipc/app-origin';

/**
 * Lets the desktop app call the API across origins. Only its origin is allowed, and only with
 * bearer tokens (no cookies are involved), so browsers elsewhere gain nothing from it.
 */
export const desktopCors: RequestHandler = (req, res, next) => {
  if (req.headers.origin !== DESKTOP_ORIGIN) return next();
  res.set({
    'Access-Control-Allow-Origin': DESKTOP_ORIGIN,
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  });
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};
