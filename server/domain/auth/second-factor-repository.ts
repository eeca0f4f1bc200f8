import type { EntityManager } from 'typeorm';
import { RecoveryCode } from '../../entities/recovery-code';

const changed = (result: unknown) => (result as [unknown, number])[1] === 1;

/** A new secret to confirm, unless a second factor is already in use (false then). */
export async function setPendingSecret(manager: EntityManager, userId: number, secret: string) {
  return changed(
    await manager.query(
      `UPDATE users SET totp_secret = $2, totp_last_step = NULL
        WHERE id = $1 AND totp_confirmed_at IS NULL`,
      [userId, secret],
    ),
  );
}

/** Puts the pending secret in use, unless another request did so first (false then). */
export async function confirmSecret(
  manager: EntityManager,
  userId: number,
  secret: string,
  step: number,
) {
  return changed(
    await manager.query(
      `UPDATE users SET totp_confirmed_at = now(), totp_last_step = $3
        WHERE id = $1 AND totp_secret = $2 AND totp_confirmed_at IS NULL`,
      [userId, secret, step],
    ),
  );
}

/**
 * Records the step of an accepted code, in one statement so two requests with the same code
 * cannot both pass: false when this step or a later one was already used.
 */
export async function useStep(manager: EntityManager, userId: number, step: number) {
  return changed(
    await manager.query(
      `UPDATE users SET totp_last_step = $2
        WHERE id = $1 AND totp_confirmed_at IS NOT NULL
          AND (totp_last_step IS NULL OR totp_last_step < $2)`,
      [userId, step],
    ),
  );
}

/** The user's recovery codes: these (hashed) instead of any before. */
export async function replaceRecoveryCodes(
  manager: EntityManager,
  userId: number,
  hashes: string[],
) {
  await manager.delete(RecoveryCode, { userId });
  await manager.insert(
    RecoveryCode,
    hashes.map((codeHash) => ({ userId, codeHash })),
  );
}

/** Uses up an unused recovery code of the user; false when there is none with that hash. */
export async function useRecoveryCode(manager: EntityManager, userId: number, hash: string) {
  return changed(
    await manager.query(
      `UPDATE recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [userId, hash],
    ),
  );
}

/** Turns the second factor off: secret, its last step and every recovery code gone. */
export async function clearSecondFactor(manager: EntityManager, userId: number) {
  await manager.query(
    `UPDATE users SET totp_secret = NULL, totp_confirmed_at = NULL, totp_last_step = NULL
      WHERE id = $1`,
    [userId],
  );
  await manager.delete(RecoveryCode, { userId });
}
