import { openSecret, sealSecret } from './sso-secret';

/**
 * The users' TOTP secrets at rest: encrypted as the single sign-on client secrets are (AES-256-GCM
 * under SSO_SECRET_KEY, `iv.tag.ciphertext`), with the user's id as the additional data, so a
 * secret copied to another user's row does not decrypt. A database or a backup read alone then
 * gives no one the codes of anyone's second factor.
 */
const aad = (userId: number) => `user:${userId}:totp`;

export const sealTotpSecret = (key: Buffer, secret: string, userId: number): string =>
  sealSecret(key, secret, aad(userId));

/** The secret back; throws when the key or the user is not the one it was stored with. */
export const openTotpSecret = (key: Buffer, stored: string, userId: number): string =>
  openSecret(key, stored, aad(userId));

/**
 * Whether a stored secret is still in clear (as releases before this one kept it): a base32
 * secret has no dot, a sealed one has two.
 */
export const isClearTotpSecret = (stored: string): boolean => !stored.includes('.');
