import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/auth-user';
import { canSeeInstitute } from '../policy';
import { useToken } from '../personal-tokens/repository';
import { loadAuthUser } from './service';

/**
 * The user behind a personal access token, as a request authorised by it acts: the owner as
 * the database has them now (a deactivated owner, or one no longer a member of the token's
 * institute, is refused like a revoked token), seeing that one institute only, staff as its
 * owner, and carrying the token's scope for the route guard (server/http/token-scope.ts). Null when
 * the token is unknown, revoked or expired, or was made in a single sign-on session that has
 * ended by `now` (the server's clock, as the session's end was set by it).
 */
export async function authenticateToken(
  db: DataSource,
  token: string,
  now: Date = new Date(),
): Promise<AuthUser | null> {
  const grant = await useToken(db.manager, token, now);
  if (!grant) return null;
  const owner = await loadAuthUser(db, grant.userId);
  if (!owner || !canSeeInstitute(owner, grant.instituteId)) return null;
  return {
    ...owner,
    // The provider's own actions span institutes (the vial registry, contracts): a token of
    // staff acts in its one institute as that institute's owner would, no further.
    role: owner.role === 'staff' ? 'owner' : owner.role,
    isStaff: false,
    instituteIds: [grant.instituteId],
    token: { id: grant.id, scope: grant.scope, instituteId: grant.instituteId },
  };
}
