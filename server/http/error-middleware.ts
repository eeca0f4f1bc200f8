import type { ErrorRequestHandler } from 'express';
import { DomainError } from '../domain/errors';

/** The one place errors become answers: `{detail}` with the right status, never a stack trace. */
export function errorMiddleware(log: (msg: string, err: unknown) => void): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof DomainError) {
      res.set(err.headers).status(err.status).json({ detail: err.detail });
      return;
    }
    // body-parser: malformed JSON or form bodies, and bodies over its limit.
    const status = (err as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      const type = (err as { type?: string }).type;
      const detail =
        type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : String(err.message);
      res.status(status).json({ detail });
      return;
    }
    log(`Unhandled error on ${req.method} ${req.originalUrl}`, err);
    res.status(500).json({ detail: 'Something went wrong on our end.' });
  };
}
