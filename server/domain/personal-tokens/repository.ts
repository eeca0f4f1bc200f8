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
}

/** What a request authenticated by a token acts with. */
export interface TokenGrant {
  id: number;
  userId: number;
  instituteId: number;
  scope: TokenScope;
}

const ROW_COLUMNS = `t.id, t.name, t.scope, t.institute_id AS "instituteId",
  i.name AS "instituteName", t.created_at AS "createdAt", t.expires_at AS "expiresAt",
  t.last_used_at AS "lastUsedAt", t.expires_at <= now() AS expired`;

/** The user's tokens that were not revoked, the newest first (expired ones too, marked). */
export const listTokens = (manager: EntityManager, userId: number): Promise<TokenRow[]> =>
  manager.query(
    `SELECT ${ROW_COLUMNS} FROM personal_access_tokens t JOIN institutes i ON i.id = t.institute_id
      WHERE t.user_id = $1 AND t.revoked_at IS NULL ORDER BY t.created_at DESC, t.id DESC`,
    [userId],
  );

export async function findToken(manager: EntityManager, userId: number, id: number) {
  const [row] = (await manager.query(
    `SELECT ${ROW_COLUMNS} FROM personal_access_tokens t JOIN institutes i ON i.id = t.institute_id
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
  },
): Promise<number> {
  const { token, ...rest } = columns;
  const result = await manager
    .getRepository(PersonalAccessToken)
    .insert({ ...rest, tokenHash: sha256Hex(token) });
  return (result.identifiers[0] as { id: number }).id;
}

/** Revokes one of the user's tokens; false when there was none to revoke. */
export async function revokeToken(manager: EntityManager, userId: number, id: number) {
  const [, revoked] = (await manager.query(
    `UPDATE personal_access_tokens SET revoked_at = now()
      WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [id, userId],
  )) as [unknown, number];
  return revoked === 1;
}

/**
 * The grant of a token that is neither revoked nor expired, by the database's clock, or null.
 * The same statement records its use, at most once a minute per token, so a busy integration
 * costs no write per request and a lookup no second round trip.
 */
export async function useToken(manager: EntityManager, token: string): Promise<TokenGrant | null> {
  const [grant] = (await manager.query(
    `WITH t AS (
        SELECT id, user_id, institute_id, scope, last_used_at FROM personal_access_tokens
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
      ), used AS (
        UPDATE personal_access_tokens p SET last_used_at = now() FROM t
         WHERE p.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')
      )
      SELECT id, user_id AS "userId", institute_id AS "instituteId", scope FROM t`,
    [sha256Hex(token)],
  )) as TokenGrant[];
  return grant ?? null;
}
