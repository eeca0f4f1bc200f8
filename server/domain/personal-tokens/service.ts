import type { DataSource } from 'typeorm';
import {
  PERSONAL_TOKEN_PREFIX,
  TOKEN_EXPIRY_PAST,
  TOKEN_EXPIRY_TOO_FAR,
  TOKEN_MAX_DAYS,
  type AccountTokenCreate,
} from '../../../shared/api/account-tokens';
import type { AuthUser } from '../../auth/auth-user';
import { newSecret } from '../../auth/secrets';
import { invalidField, notFound } from '../errors';
import { instituteExists } from '../institutes/repository';
import { loadAuthUser } from '../auth/service';
import { authorize, canSeeInstitute } from '../policy';
import * as tokens from './repository';

const DAY_MS = 86_400_000;

/** A new token: the prefix, then 256 random bits (base64url). */
export const newPersonalToken = (): string => PERSONAL_TOKEN_PREFIX + newSecret();

/** Whether a bearer token is a personal access token rather than a JWT access token. */
export const isPersonalToken = (token: string): boolean => token.startsWith(PERSONAL_TOKEN_PREFIX);

export const listTokens = ({ db }: { db: DataSource }, me: AuthUser) =>
  tokens.listTokens(db.manager, me.id);

/**
 * Creates a token of the signed-in user for one institute they may see (another answers 404, as
 * everywhere), expiring in the future and within a year. Answers the row and the token, which
 * is never stored and so never shown again.
 */
export async function createToken(
  { db }: { db: DataSource },
  me: AuthUser,
  body: AccountTokenCreate,
  now: Date = new Date(),
) {
  authorize(me, 'read', body.institute);
  if (!(await instituteExists(db.manager, body.institute))) throw notFound();
  const expiresAt = new Date(body.expires_at);
  if (expiresAt.getTime() <= now.getTime()) throw invalidField('expires_at', TOKEN_EXPIRY_PAST);
  if (expiresAt.getTime() > now.getTime() + TOKEN_MAX_DAYS * DAY_MS)
    throw invalidField('expires_at', TOKEN_EXPIRY_TOO_FAR);
  const token = newPersonalToken();
  const id = await tokens.insertToken(db.manager, {
    token,
    userId: me.id,
    instituteId: body.institute,
    name: body.name,
    scope: body.scope,
    expiresAt,
  });
  const row = await tokens.findToken(db.manager, me.id, id);
  if (!row) throw notFound();
  return { row, token };
}

/** Revokes one of the user's own tokens at once; another's, or one revoked already, is a 404. */
export async function revokeToken({ db }: { db: DataSource }, me: AuthUser, id: number) {
  if (!(await tokens.revokeToken(db.manager, me.id, id))) throw notFound();
}

/**
 * The user behind a personal access token, as a request authorised by it acts: the owner as
 * the database has them now (a deactivated owner, or one no longer a member of the token's
 * institute, is refused like a revoked token), seeing that one institute only, staff as its
 * owner, and carrying the token's scope for the route guard (server/http/token-scope.ts). Null when
 * the token is unknown, revoked or expired.
 */
export async function authenticateToken(db: DataSource, token: string): Promise<AuthUser | null> {
  const grant = await tokens.useToken(db.manager, token);
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
