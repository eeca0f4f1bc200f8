import type { EntityManager } from 'typeorm';
import type { TokenScope } from '../../../shared/api/account-tokens';
import { sha256Hex } from '../../auth/secrets';
import { PersonalAccessToken } from '../../entities/personal-access-token';

/** A token as its owner's list shows it, with its institute's name. */
export interface TokenRow {
  id: number;
  name: string;
  scope: TokenScope;
  instituteId: number;
  instituteName: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  expired: boolean;
  /** Made in a single sign-on session: it ends with that session at the latest. */
  endsWithSession: boolean;
}

/** What a request authenticated by a token acts with. */
export interface TokenGrant {
  id: number;
  userId: number;
  instituteId: number;
  scope: TokenScope;
}

/**
 * A token made in a single sign-on session ends with that session, so its expiry as shown is the
 * earlier of its own and the session's end as things stand (a missing session: ended).
 */
const ENDS_AT = `CASE WHEN t.sso_family IS NULL THEN t.expires_at
  ELSE LEAST(t.expires_at, coalesce(s.ends_at, t.created_at)) END`;

const ROW_COLUMNS = `t.id, t.name, t.scope, t.institute_id AS "instituteId",
  i.name AS "instituteName", t.created_at AS "createdAt", ${ENDS_AT} AS "expiresAt",
  t.last_used_at AS "lastUsedAt", ${ENDS_AT} <= now() AS expired,
  t.sso_family IS NOT NULL AS "endsWithSession"`;

const ROW_TABLES = `personal_access_tokens t JOIN institutes i ON i.id = t.institute_id
  LEFT JOIN sso_sessions s ON s.family = t.sso_family`;

/** The user's tokens that were not revoked, the newest first (expired ones too, marked). */
export const listTokens = (manager: EntityManager, userId: number): Promise<TokenRow[]> =>
  manager.query(
    `SELECT ${ROW_COLUMNS} FROM ${ROW_TABLES}
      WHERE t.user_id = $1 AND t.revoked_at IS NULL ORDER BY t.created_at DESC, t.id DESC`,
    [userId],
  );

export async function findToken(manager: EntityManager, userId: number, id: number) {
  const [row] = (await manager.query(
    `SELECT ${ROW_COLUMNS} FROM ${ROW_TABLES}
      WHERE t.id = $1 AND t.user_id = $2 AND t.revoked_at IS NULL`,
    [id, userId],
  )) as TokenRow[];
  return row ?? null;
}

/** Stores a token's hash (never the token) and answers the new row's id. */
export async function insertToken(
  manager: EntityManager,
  columns: {
    token: string;
    userId: number;
    instituteId: number;
    name: string;
    scope: TokenScope;
    expiresAt: Date;
    /** The single sign-on session it is made in, if any. */
    ssoFamily: string | null;
  },
): Promise<number> {
  const { token, ...rest } = columns;
  const result = await manager
    .getRepository(PersonalAccessToken)
    .insert({ ...rest, tokenHash: sha256Hex(token) });
  return (result.identifiers[0] as { id: number }).id;
}

/**
 * Why a token was revoked, kept on its row (and so in the audit trail's entry of the change):
 * its owner, or an event that ends every token it concerns (README, "Access tokens for
 * integrations").
 */
export type RevokeReason =
  | 'revoked by its owner'
  | 'password changed'
  | 'password reset'
  | 'single sign-on session ended'
  | 'second factor reset'
  | 'account deactivated'
  | 'removed from the organization';

/** Revokes one of the user's tokens; false when there was none to revoke. */
export async function revokeToken(manager: EntityManager, userId: number, id: number) {
  const [, revoked] = (await manager.query(
    `UPDATE personal_access_tokens SET revoked_at = now(), revoked_reason = $3
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [id, userId, 'revoked by its owner' satisfies RevokeReason],
  )) as [unknown, number];
  return revoked === 1;
}

/** Which of the user's tokens an event ends; all of them when neither is given. */
export interface TokensOf {
  /** Those bound to these organizations (a removal from them). */
  instituteIds?: number[];
  /** With `instituteIds`: also those made in this single sign-on session, whatever their organization. */
  ssoFamily?: string;
}

/**
 * Revokes the user's tokens that an event ends, in the caller's transaction (the event's own), so
 * the event and the revocation commit together or not at all. Each revoked row is one entry of
 * the audit trail (its trigger), with the reason. Answers how many were revoked.
 */
export async function revokeAllTokensOf(
  manager: EntityManager,
  userId: number,
  reason: RevokeReason,
  which: TokensOf = {},
): Promise<number> {
  const [, revoked] = (await manager.query(
    `UPDATE personal_access_tokens SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL
        AND ($3::int[] IS NULL OR institute_id = ANY($3::int[])
             OR ($4::uuid IS NOT NULL AND sso_family = $4::uuid))`,
    [userId, reason, which.instituteIds ?? null, which.ssoFamily ?? null],
  )) as [unknown, number];
  return revoked;
}

/**
 * The end of the single sign-on session `family` (sso_sessions), or null when the session is
 * not one of single sign-on (a password session).
 */
export async function ssoSessionEnd(manager: EntityManager, family: string) {
  const [row] = (await manager.query(
    `SELECT ends_at AS "endsAt" FROM sso_sessions WHERE family = $1`,
    [family],
  )) as { endsAt: Date }[];
  return row?.endsAt ?? null;
}

/**
 * The grant of a token that is neither revoked nor expired, by the database's clock, nor made in
 * a single sign-on session that has ended by `now`; or null.
 * The same statement records its use, at most once a minute per token, so a busy integration
 * costs no write per request and a lookup no second round trip.
 */
export async function useToken(
  manager: EntityManager,
  token: string,
  now: Date,
): Promise<TokenGrant | null> {
  const [grant] = (await manager.query(
    `WITH t AS (
        SELECT id, user_id, institute_id, scope, last_used_at FROM personal_access_tokens p
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
           -- Made in a single sign-on session: only while that session lasts (SSO_SESSION_HOURS,
           -- or ended by the provider), by the server's clock that set its end; a session row
           -- gone counts as ended.
           AND (p.sso_family IS NULL OR EXISTS (
                 SELECT 1 FROM sso_sessions s WHERE s.family = p.sso_family AND s.ends_at > $2))
      ), used AS (
        UPDATE personal_access_tokens p SET last_used_at = now() FROM t
         WHERE p.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')
      )
      SELECT id, user_id AS "userId", institute_id AS "instituteId", scope FROM t`,
    [sha256Hex(token), now],
  )) as TokenGrant[];
  return grant ?? null;
}
