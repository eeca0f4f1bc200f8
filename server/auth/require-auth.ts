import type { RequestHandler } from 'express';
import type { AppContext } from '../app-context';
import { User } from '../entities/user';
import { unauthorized } from '../http/errors';
import type { AuthUser } from './auth-user';

/** Loads the user behind the bearer token; role and memberships come from the database. */
export async function loadAuthUser(ctx: AppContext, userId: number): Promise<AuthUser | null> {
  const user = await ctx.db
    .getRepository(User)
    .findOne({ where: { id: userId }, relations: { institutes: true } });
  if (!user || !user.isActive || !user.passwordHash) return null;
  return {
    id: user.id,
    email: user.email,
    role: user.isStaff ? 'staff' : user.role,
    isStaff: user.isStaff,
    instituteIds: user.institutes.map((i) => i.id).sort((a, b) => a - b),
  };
}

export function requireAuth(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    try {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token) throw unauthorized();
      const claims = await ctx.accessTokens.verify(token);
      if (!claims) throw unauthorized('Token is invalid or expired.');
      const user = await loadAuthUser(ctx, Number(claims.sub));
      if (!user) throw unauthorized('Token is invalid or expired.');
      req.user = user;
      next();
    } catch (err) {
      next(err);
    }
  };
}
