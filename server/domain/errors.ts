import { QueryFailedError } from 'typeorm';
import type { z } from 'zod';
import type { ValidationIssue } from '../../shared/api/common';

/**
 * Whether a database error is a unique violation (of the named index, when one is given): a
 * concurrent twin that got past the check before it. Callers answer it as the check would.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = err.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' && (!constraint || driver.constraint === constraint);
}

/**
 * A refusal of a rule: the status the API answers with and its `{detail}`. Only
 * server/http/error-middleware.ts turns it into an answer; anything else thrown is a 500.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Invalid request'));
  }
}

export const badRequest = (detail: string) => new DomainError(400, detail);
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new DomainError(401, detail, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new DomainError(403, detail);
export const notFound = (detail = 'Not found.') => new DomainError(404, detail);
export const conflict = (detail: string) => new DomainError(409, detail);
export const gone = (detail: string) => new DomainError(410, detail);
export const payloadTooLarge = (detail: string) => new DomainError(413, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new DomainError(429, detail, { 'Retry-After': String(retryAfterSeconds) });

/** A 422 about one field, in the shape the UI puts on that field. */
export const invalidField = (field: string, msg: string, type = 'value_error') =>
  new DomainError(422, [{ loc: ['body', field], msg, type }]);

/** A 422 naming several problems at once (validation of query, path or body). */
export const invalidInput = (issues: ValidationIssue[]) => new DomainError(422, issues);

/** The 422 of a schema's refusal: one entry per problem, located in body, query or path. */
export const invalidSchemaInput = (where: 'body' | 'query' | 'path', error: z.ZodError) =>
  invalidInput(
    error.issues.map((issue) => ({
      loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: issue.message,
      type: issue.code,
    })),
  );
