import type { EntityManager } from 'typeorm';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { RefreshToken } from '../../entities/auth-token';

const DAY_MS = 86_400_000;

/** Stores a new refresh token of the family; only its hash is kept. */
export async function insertRefreshToken(
  manager: EntityManager,
  userId: number,
  family: string,
  days: number,
): Promise<string> {
  const refresh = newSecret();
  await manager.getRepository(RefreshToken).insert({
    tokenHash: sha256Hex(refresh),
    family,
    userId,
    expiresAt: new Date(Date.now() + days * DAY_MS),
  });
  return refresh;
}

export const findRefreshToken = (manager: EntityManager, token: string) =>
  manager.getRepository(RefreshToken).findOne({ where: { tokenHash: sha256Hex(token) } });

/** A rotated token's single sign-on session, when the provider re-checks it at refresh. */
export interface Rotated {
  /** The provider's refresh token, encrypted (sso_sessions); null: no provider to ask. */
  providerRefreshEncrypted: string | null;
  instituteId: number | null;
}

/**
 * Marks the token rotated if it is still usable (its SSO session too): used up from then on,
 * once the transaction commits. Null when it was not usable.
 */
export async function rotateRefreshToken(manager: EntityManager, id: number) {
  const [rows] = (await manager.query(
    `UPDATE refresh_tokens SET rotated_at = now()
    WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      -- A single sign-on session ends at its sso_sessions.ends_at (SSO_SESSION_HOURS).
      AND NOT EXISTS (SELECT 1 FROM sso_sessions s
                       WHERE s.family = refresh_tokens.family AND s.ends_at <= now())
    RETURNING (SELECT s.provider_refresh_encrypted FROM sso_sessions s
                WHERE s.family = refresh_tokens.family) AS "providerRefreshEncrypted",
              (SELECT s.institute_id FROM sso_sessions s
                WHERE s.family = refresh_tokens.family) AS "instituteId"`,
    [id],
  )) as [Rotated[], number];
  return rows[0] ?? null;
}

/** Whether the token was revoked (its family ended: a replay, a logout, a password change). */
export async function isRevoked(manager: EntityManager, id: number) {
  const row = await manager.getRepository(RefreshToken).findOne({
    where: { id },
    select: { id: true, revokedAt: true },
  });
  return !row || row.revokedAt !== null;
}

export async function revokeFamily(manager: EntityManager, family: string) {
  await manager.query(
    `UPDATE refresh_tokens SET revoked_at = now() WHERE family = $1 AND revoked_at IS NULL`,
    [family],
  );
}

/** Revokes every refresh token of a user but those of the family kept (the current session). */
export async function revokeAllRefreshTokens(
  manager: EntityManager,
  userId: number,
  keep?: string,
) {
  await manager.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family <> $2::uuid)`,
    [userId, keep ?? null],
  );
}
