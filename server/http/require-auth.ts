import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { AccessTokens } from '../auth/access-token';
import type { AuthUser } from '../auth/auth-user';
import { TOKEN_REFUSED } from '../../shared/api/account-tokens';
import { INT4_MAX } from '../../shared/api/common';
import { loadAuthUser } from '../domain/auth/service';
import { notFound, unauthorized } from '../domain/errors';
import { instituteExists } from '../domain/institutes/repository';
import { authenticateToken } from '../domain/auth/personal-token';
import { isPersonalToken } from '../domain/personal-tokens/service';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

/**
 * Puts the user behind the bearer token on the request, or answers 401. The token is a JWT
 * access token (a signed-in session) or a personal access token (`vqc_pat_…`, looked up by its
 * hash); either way the user is read from the database on every request, so a deactivated user
 * or a revoked token is refused at once. What a personal access token may call is the route's
 * business (token-scope.ts).
 */
export function requireAuth(
  db: DataSource,
  accessTokens: AccessTokens,
  now: () => number = Date.now,
): RequestHandler {
  return async (req, _res, next) => {
    try {
      // The scheme is case-insensitive (RFC 9110 §11.1): the token endpoint says "bearer".
      const token = /^bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw unauthorized();
      if (isPersonalToken(token)) {
        const user = await authenticateToken(db, token, new Date(now()));
        if (!user) throw unauthorized(TOKEN_REFUSED);
        req.user = user;
        return next();
      }
      const claims = await accessTokens.verify(token);
      if (!claims) throw unauthorized('Token is invalid or expired.');
      const user = await loadAuthUser(db, Number(claims.sub));
      if (!user) throw unauthorized('Token is invalid or expired.');
      req.user = typeof claims.sid === 'string' ? { ...user, session: claims.sid } : user;
      if (user.isStaff) await refuseMissingInstitute(db, req.route?.path, req.params.id);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Staff may name any institute, so for them (only) an institute path's id is checked to exist:
 * a missing organization answers 404 on every `/v2/institutes/{id}/…` route, as it does for a
 * member who cannot see it, never a foreign-key violation's 500 or an empty list. A member's
 * institute ids come from their memberships, which exist. An id that is no int4 is left to the
 * route's validation (422).
 */
async function refuseMissingInstitute(db: DataSource, path: unknown, id: unknown) {
  if (typeof path !== 'string' || !path.startsWith('/v2/institutes/:id')) return;
  if (typeof id !== 'string' || !/^\d{1,10}$/.test(id) || Number(id) > INT4_MAX) return;
  if (!(await instituteExists(db.manager, Number(id)))) throw notFound();
}
