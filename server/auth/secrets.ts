import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for links and refresh; only its SHA-256 is stored. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string): string =>
  createHash('sha256').update(value).digest('hex');
