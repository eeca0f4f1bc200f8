import { IsNull, type EntityManager } from 'typeorm';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { OneTimeToken, type OneTimePurpose } from '../../entities/auth-token';

// A user's single-use e-mail link tokens: invitations (users/) and password resets (auth/), apart
// from both so that neither area needs the other's repository for them.

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  registration: 7 * 24 * 60 * 60_000,
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
