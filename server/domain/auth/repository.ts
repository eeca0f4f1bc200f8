import { IsNull, type EntityManager } from 'typeorm';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { OneTimeToken, RefreshToken, type OneTimePurpose } from '../../entities/auth-token';

const DAY_MS = 86_400_000;

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  registration: 7 * DAY_MS,
  password_reset: 60 * 60_000,
};

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

/** Marks the token rotated if it is still usable; false when it was not. */
export async function rotateRefreshToken(manager: EntityManager, id: number) {
  const [, rotated] = (await manager.query(
    `UPDATE refresh_tokens SET rotated_at = now()
    WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
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

/** A single-use e-mail link token; only its hash is stored. */
export async function createOneTimeToken(
  manager: EntityManager,
  userId: number,
  purpose: OneTimePurpose,
): Promise<string> {
  const token = newSecret();
  await manager.getRepository(OneTimeToken).insert({
    tokenHash: sha256Hex(token),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + ONE_TIME_TTL_MS[purpose]),
  });
  return token;
}

/** Uses up every unused token of the user for the purpose (a new invitation replaces any). */
export async function useUpOneTimeTokens(
  manager: EntityManager,
  userId: number,
  purpose: OneTimePurpose,
) {
  await manager.query(
    `UPDATE one_time_tokens SET used_at = now()
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose],
  );
}

/** The still-valid token row, without using it up. */
export async function peekOneTimeToken(
  manager: EntityManager,
  token: string,
  purpose: OneTimePurpose,
): Promise<OneTimeToken | null> {
  const row = await manager
    .getRepository(OneTimeToken)
    .findOne({ where: { tokenHash: sha256Hex(token), purpose, usedAt: IsNull() } });
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

/** Uses the token up atomically: of two concurrent uses, one wins. Returns its user id. */
export async function consumeOneTimeToken(
  manager: EntityManager,
  token: string,
  purpose: OneTimePurpose,
): Promise<number | null> {
  // TypeORM answers an UPDATE ... RETURNING with [rows, rowCount].
  const [rows] = (await manager.query(
    `UPDATE one_time_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [sha256Hex(token), purpose],
  )) as [{ user_id: number }[], number];
  return rows[0]?.user_id ?? null;
}
