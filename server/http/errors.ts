import type { ValidationIssue } from '../../shared/api/common';

/** An error that becomes an HTTP answer `{detail}`; anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Invalid request'));
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const gone = (detail: string) => new HttpError(410, detail);
export const payloadTooLarge = (detail: string) => new HttpError(413, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'Retry-After': String(retryAfterSeconds) });

/** A 422 about one field, in the shape the UI puts on that field. */
export const invalidField = (field: string, msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc: ['body', field], msg, type }]);
