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

/** Marks the token rotated if it is still usable (its SSO session too); false when it was not. */
export async function rotateRefreshToken(manager: EntityManager, id: number) {
  const [, rotated] = (await manager.query(
    `UPDATE refresh_tokens SET rotated_at = now()
    WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      -- A single sign-on session ends at its sso_sessions.ends_at (SSO_SESSION_HOURS).
      AND NOT EXISTS (SELECT 1 FROM sso_sessions s
                       WHERE s.family = refresh_tokens.family AND s.ends_at <= now())`,
    [id],
  )) as [unknown, number];
  return rotated === 1;
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
