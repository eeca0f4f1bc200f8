import type { RequestHandler } from 'express';
import { TOKEN_NOT_FOR_ACCOUNTS, TOKEN_READ_ONLY } from '../../shared/api/account-tokens';
import { forbidden } from '../domain/errors';
import type { Access } from '../domain/policy';

/**
 * What personal access tokens never do: the account's own endpoints (its tokens, password,
 * second factor, settings) and the administration of users and memberships. An endpoint that
 * administers sign-in some other way (an organization's SSO settings) says `personalTokens:
 * false` in its declaration.
 */
const ACCOUNT_ADMINISTRATION: ReadonlySet<string> = new Set<Access>([
  'self',
  'users:manage',
  'users:list-all',
  'users:grant-staff',
]);

/** The methods a `read` token may use: those that change nothing (RFC 9110 §9.2.1). */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Whether an endpoint takes personal access tokens (documented as `x-personal-tokens`). */
export const acceptsPersonalTokens = (spec: { access: Access; personalTokens?: boolean }) =>
  spec.personalTokens ?? !ACCOUNT_ADMINISTRATION.has(spec.access);

/**
 * Runs after requireAuth, before validation and the handler: a request authorised by a personal
 * access token is refused with 403 where the endpoint takes no tokens, and, for a `read` token,
 * on any method but GET and HEAD. Requests of a signed-in session pass untouched.
 */
export function tokenScope(accepted: boolean): RequestHandler {
  return (req, _res, next) => {
    const token = req.user?.token;
    if (!token) return next();
    if (!accepted) return next(forbidden(TOKEN_NOT_FOR_ACCOUNTS));
    if (token.scope === 'read' && !SAFE_METHODS.has(req.method)) {
      return next(forbidden(TOKEN_READ_ONLY));
    }
    next();
  };
}
