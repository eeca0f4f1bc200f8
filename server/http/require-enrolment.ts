import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { MfaTokens } from '../auth/mfa-token';
import { MFA_MESSAGES } from '../../shared/api/second-factor';
import { loadAuthUser } from '../domain/auth/service';
import { unauthorized } from '../domain/errors';

/**
 * The guard of the second factor's enrolment endpoints, the only ones a password alone may
 * reach: an enrolment `mfa_token` as the bearer token (a user who must set up a second factor
 * before signing in) puts that user on the request, marked `enrolling`; any other token goes
 * through `requireAuth` as everywhere else.
 */
export function requireAuthOrEnrolment(
  db: DataSource,
  mfaTokens: MfaTokens,
  requireAuth: RequestHandler,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
      const userId = token ? await mfaTokens.verify(token, 'mfa_enrolment') : null;
      if (userId === null) return requireAuth(req, res, next);
      const user = await loadAuthUser(db, userId);
      if (!user) throw unauthorized(MFA_MESSAGES.expired);
      req.user = { ...user, enrolling: true };
      next();
    } catch (err) {
      next(err);
    }
  };
}
