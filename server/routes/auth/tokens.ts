import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import type { AppContext } from '../../app-context';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { OneTimeToken, RefreshToken, type OneTimePurpose } from '../../entities/auth-token';
import type { User } from '../../entities/user';

const DAY_MS = 86_400_000;

/** Access token plus a refresh token of the given family (a new family at login). */
export async function issueTokens(
  ctx: AppContext,
  user: User,
  family: string = randomUUID(),
  manager: EntityManager = ctx.db.manager,
): Promise<{ access: string; refresh: string }> {
  const refresh = newSecret();
  await manager.getRepository(RefreshToken).insert({
    tokenHash: sha256Hex(refresh),
    family,
    userId: user.id,
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenDays * DAY_MS),
  });
  const access = await ctx.accessTokens.sign({
    sub: user.id,
    roles: [user.isStaff ? 'staff' : user.role],
    institutes: (user.institutes ?? []).map((i) => i.id),
  });
  return { access, refresh };
}

/** Revokes every refresh token of a user (after a password change or reset). */
export async function revokeAllRefreshTokens(manager: EntityManager, userId: number) {
  await manager
    .getRepository(RefreshToken)
    .update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
}

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  registration: 7 * DAY_MS,
  password_reset: 60 * 60_000,
};

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
