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
import { invalidField, notFound, unauthorized } from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize } from '../policy';
import * as tokens from './repository';

const DAY_MS = 86_400_000;

/** A new token: the prefix, then 256 random bits (base64url). */
export const newPersonalToken = (): string => PERSONAL_TOKEN_PREFIX + newSecret();

/** Whether a bearer token is a personal access token rather than a JWT access token. */
export const isPersonalToken = (token: string): boolean => token.startsWith(PERSONAL_TOKEN_PREFIX);

export const listTokens = ({ db }: { db: DataSource }, me: AuthUser) =>
  tokens.listTokens(db.manager, me.id);

/**
 * A token asked for in a single sign-on session already ended (its access token lives on for up
 * to ACCESS_TOKEN_SECONDS after): the refresh's own words.
 */
const SESSION_ENDED = 'Your session has expired. Please log in again.';

/**
 * Creates a token of the signed-in user for one institute they may see (another answers 404, as
 * everywhere), expiring in the future and within a year. Answers the row and the token, which
 * is never stored and so never shown again.
 *
 * Made in a single sign-on session, the token is bound to it: it works only while the session
 * does (SSO_SESSION_HOURS since the last check with the provider, or until the provider ends it),
 * so a token never outlives the sign-in that made it; its row's expiry as listed is capped there.
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
  const sessionEnd = me.session ? await tokens.ssoSessionEnd(db.manager, me.session) : null;
  if (sessionEnd && sessionEnd.getTime() <= now.getTime()) throw unauthorized(SESSION_ENDED);
  const token = newPersonalToken();
  const id = await tokens.insertToken(db.manager, {
    token,
    userId: me.id,
    instituteId: body.institute,
    name: body.name,
    scope: body.scope,
    expiresAt,
    ssoFamily: sessionEnd ? me.session! : null,
  });
  const row = await tokens.findToken(db.manager, me.id, id);
  if (!row) throw notFound();
  return { row, token };
}

/** Revokes one of the user's own tokens at once; another's, or one revoked already, is a 404. */
export async function revokeToken({ db }: { db: DataSource }, me: AuthUser, id: number) {
  if (!(await tokens.revokeToken(db.manager, me.id, id))) throw notFound();
}
