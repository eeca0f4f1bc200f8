import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app reads from a QR code. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one, for clocks that are a little off. */
const TOTP_WINDOW = 1;
const ISSUER = 'VialQC';

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** The otpauth:// URL an authenticator app scans (the QR code holds it). */
export const totpUrl = (secret: string, account: string): string =>
  totpOf(secret, account).toString();

/** The time step of an instant (Unix time / 30 s). */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one step (tests and the demo compute the codes an app would show). */
export const totpCode = (secret: string, step: number): string =>
  totpOf(secret).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });

export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The step whose code this is, within ±1 step of now and later than the last step accepted
 * (so each code is accepted once, and an older one is never accepted after a newer one); null
 * when there is none. The clock is the caller's, so tests drive it.
 */
export function matchingTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const given = Buffer.from(code.replace(/\s/g, ''));
  const current = totpStep(nowMs);
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = Buffer.from(totpCode(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code as shown: 16 base32 characters (80 random bits) in groups of four. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => BASE32[b % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What a person may type for a recovery code: any case, spaces and dashes optional. */
export const normalizeRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/[\s-]/g, '');

/**
 * The stored form of a recovery code. SHA-256, not argon2: each code holds 80 random bits, so
 * no dictionary or brute force over its hash is feasible and a slow hash adds nothing, while a
 * plain digest lets the database find (and use up) the code in one indexed statement instead of
 * running argon2 over all ten on every attempt, which would also make a cheap load to send.
 */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
