import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from './sso-secret';

const key = randomBytes(32);

it('encrypts a client secret that only its key and institute decrypt', () => {
  const stored = encryptSecret(key, 'the-client-secret', 7);
  expect(stored).not.toContain('the-client-secret');
  expect(stored).not.toBe(encryptSecret(key, 'the-client-secret', 7));
  expect(decryptSecret(key, stored, 7)).toBe('the-client-secret');
  expect(() => decryptSecret(randomBytes(32), stored, 7)).toThrow();
  expect(() => decryptSecret(key, stored, 8)).toThrow();
});

it('refuses a tampered ciphertext', () => {
  const [iv, tag, data] = encryptSecret(key, 'secret', 1).split('.');
  const flipped = Buffer.from(data, 'base64url');
  flipped[0] ^= 1;
  expect(() => decryptSecret(key, [iv, tag, flipped.toString('base64url')].join('.'), 1)).toThrow();
});
