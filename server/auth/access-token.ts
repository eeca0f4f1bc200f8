import { jwtVerify, SignJWT } from 'jose';
import type { AccessClaims } from '../../shared/api/auth';

/** Short-lived HS256 access tokens carrying the claims the spec names: sub, roles, institutes. */
export class AccessTokens {
  /**
   * Imported once: given the raw bytes, jose imports them again for every token it checks, a
   * cost paid on each authenticated request.
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: {
    sub: number;
    roles: string[];
    institutes: number[];
    /** The session (refresh-token family), so a password change can keep this one only. */
    sid?: string;
  }): Promise<string> {
    return new SignJWT({ roles: claims.roles, institutes: claims.institutes, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null when it is forged, malformed or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      // A token made for another purpose (the sign-in's mfa_token) is never an access token.
      if ('purpose' in payload) return null;
      return payload as unknown as AccessClaims;
    } catch {
      return null;
    }
  }
}
