import { randomBytes } from 'node:crypto';
import { newTotpSecret } from './second-factor';
import { isClearTotpSecret, openTotpSecret, sealTotpSecret } from './totp-secret';

const key = randomBytes(32);

it('seals a TOTP secret that only its key and user open', () => {
  const secret = newTotpSecret();
  expect(isClearTotpSecret(secret)).toBe(true);
  const stored = sealTotpSecret(key, secret, 7);
  expect(isClearTotpSecret(stored)).toBe(false);
  expect(stored).not.toContain(secret);
  expect(stored).not.toBe(sealTotpSecret(key, secret, 7));
  expect(openTotpSecret(key, stored, 7)).toBe(secret);
  expect(() => openTotpSecret(randomBytes(32), stored, 7)).toThrow();
  expect(() => openTotpSecret(key, stored, 8)).toThrow();
});
