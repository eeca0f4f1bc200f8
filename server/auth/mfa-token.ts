import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * What a password alone earns when a second factor is needed: `mfa` (the user has one: send a
 * code to /v2/auth/mfa) or `mfa_enrolment` (the user must set one up first).
 */
export type MfaPurpose = 'mfa' | 'mfa_enrolment';

/** Five minutes to type a code or scan a QR code. */
const MFA_TOKEN_SECONDS = 5 * 60;

/**
 * The short-lived `mfa_token` of the sign-in's second step: an HS256 JWT with a `purpose` claim,
 * signed with a key derived from JWT_SECRET for this use alone, so it never verifies as an access
 * token (and an access token never as one of these).
 */
export class MfaTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds = MFA_TOKEN_SECONDS,
  ) {
    this.key = createHash('sha256').update(`vialqc mfa token\0${secret}`).digest();
  }

  sign(userId: number, purpose: MfaPurpose): Promise<string> {
    return new SignJWT({ purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'vialqc-mfa+jwt' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The user id of a valid token of that purpose, or null (forged, expired, other purpose). */
  async verify(token: string, purpose: MfaPurpose): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        typ: 'vialqc-mfa+jwt',
      });
      const id = Number(payload.sub);
      return payload.purpose === purpose && Number.isSafeInteger(id) ? id : null;
    } catch {
      return null;
    }
  }
}
