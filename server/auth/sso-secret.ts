import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The client secrets of the organizations' OpenID Connect providers, encrypted at rest with
 * AES-256-GCM under SSO_SECRET_KEY: `iv.tag.ciphertext`, each part base64url. The institute id
 * is the additional data, so a secret copied to another institute's row does not decrypt.
 */
export const encryptSecret = (key: Buffer, secret: string, instituteId: number): string =>
  sealSecret(key, secret, `institute:${instituteId}`);

/** The secret back; throws when the key or the institute is not the one it was stored with. */
export const decryptSecret = (key: Buffer, stored: string, instituteId: number): string =>
  openSecret(key, stored, `institute:${instituteId}`);

/**
 * The scheme itself, for every secret kept this way (the users' TOTP secrets too,
 * server/auth/totp-secret.ts): `aad` names the row the secret belongs to.
 */
export function sealSecret(key: Buffer, secret: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(key: Buffer, stored: string, aad: string): string {
  const [iv, tag, encrypted] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !encrypted) throw new Error('Not an encrypted secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
}
