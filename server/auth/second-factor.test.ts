import { TOTP } from 'otpauth';
import {
  isTotpCode,
  matchingTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  recoveryCodeHash,
  TOTP_PERIOD_SECONDS,
  totpCode,
  totpStep,
  totpUrl,
} from './second-factor';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" (ASCII) in base32, 8-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it("are RFC 6238's (the test vectors' last six digits)", () => {
    const at = (seconds: number) => totpCode(RFC_SECRET, totpStep(seconds * 1000));
    expect(at(59)).toBe('287082');
    expect(at(1111111109)).toBe('081804');
    expect(at(1234567890)).toBe('005924');
    expect(at(20000000000)).toBe('353130');
  });

  it('are accepted within one step either side of now, not two', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const current = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchingTotpStep(secret, totpCode(secret, current + offset), now, null)).toBe(
        current + offset,
      );
    }
    for (const offset of [-2, 2]) {
      expect(matchingTotpStep(secret, totpCode(secret, current + offset), now, null)).toBeNull();
    }
  });

  it('of the last accepted step or an earlier one are refused', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const current = totpStep(now);
    const code = totpCode(secret, current);
    expect(matchingTotpStep(secret, code, now, current - 1)).toBe(current);
    expect(matchingTotpStep(secret, code, now, current)).toBeNull();
    expect(matchingTotpStep(secret, totpCode(secret, current - 1), now, current)).toBeNull();
  });

  it('are six digits (spaces allowed); anything else is not one', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('abcd-efgh-ijkl-mnop')).toBe(false);
    const secret = newTotpSecret();
    const now = Date.now();
    expect(matchingTotpStep(secret, 'abcdef', now, null)).toBeNull();
    const spaced = totpCode(secret, totpStep(now)).replace(/^(\d{3})/, '$1 ');
    expect(matchingTotpStep(secret, spaced, now, null)).toBe(totpStep(now));
  });

  it('come from a URL an authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = totpUrl(secret, 'maria@example.org');
    const totp = new TOTP({ secret, period: TOTP_PERIOD_SECONDS });
    expect(url).toBe(
      `otpauth://totp/VialQC:maria%40example.org?issuer=VialQC&secret=${secret}` +
        '&algorithm=SHA1&digits=6&period=30',
    );
    expect(totpCode(secret, 1000)).toBe(totp.generate({ timestamp: 1000 * 30_000 }));
  });
});

describe('recovery codes', () => {
  it('are 16 base32 characters in groups of four, each new', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('hash the same however they are typed', () => {
    const code = 'abcd-efgh-2345-mnop';
    expect(normalizeRecoveryCode(' ABCD EFGH 2345 MNOP ')).toBe('abcdefgh2345mnop');
    expect(recoveryCodeHash('ABCDEFGH2345MNOP')).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash('abcd-efgh-2345-mnoq')).not.toBe(recoveryCodeHash(code));
  });
});
