import * as oidc from 'openid-client';

/**
 * The OpenID Connect relying party, with openid-client: discovery, the authorization URL (code
 * flow with PKCE, state and nonce), and the callback's checks (state, the code exchanged, the ID
 * token's signature against the provider's JWKS, issuer, audience, expiry and nonce).
 */

export interface ProviderClient {
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE alone). */
  clientSecret: string | null;
}

/** Why a sign-in through the provider failed, as the login page words it (shared/api/sso.ts). */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'invalid',
    readonly reason: string,
  ) {
    super(reason);
  }
}

const loopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The provider's configuration (discovery). `now` is the server's clock (tests drive it): the
 * ID token's expiry is judged by it. `timeout`: seconds each request to the provider may take.
 */
export async function configure(
  client: ProviderClient,
  now: number,
  timeout = 10,
): Promise<oidc.Configuration> {
  const server = new URL(client.issuer);
  try {
    const config = await oidc.discovery(
      server,
      client.clientId,
      {
        [oidc.clockSkew]: Math.round((now - Date.now()) / 1000),
        [oidc.clockTolerance]: 30,
      },
      client.clientSecret === null ? oidc.None() : oidc.ClientSecretPost(client.clientSecret),
      {
        timeout,
        // Plain http only on loopback (a provider on the same machine, as in the tests).
        ...(server.protocol === 'http:' && loopback(server)
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      },
    );
    oidc.enableNonRepudiationChecks(config);
    return config;
  } catch (err) {
    throw new ProviderFailure('unreachable', describe(err));
  }
}

export interface Checks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export const newChecks = (): Checks => ({
  codeVerifier: oidc.randomPKCECodeVerifier(),
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
});

/**
 * Whether the provider issues refresh tokens (the `refresh_token` grant, and `offline_access`
 * among its scopes when it lists them): then the app asks for one, and re-checks the user with it
 * at each refresh of the session.
 */
export function offersRefresh(config: oidc.Configuration): boolean {
  const metadata = config.serverMetadata();
  return (
    (metadata.grant_types_supported?.includes('refresh_token') ?? false) &&
    (metadata.scopes_supported?.includes('offline_access') ?? true)
  );
}

export async function authorizationUrl(
  config: oidc.Configuration,
  redirectUri: string,
  checks: Checks,
): Promise<string> {
  // OpenID Connect Core 11: offline access is asked with prompt=consent (oidc-provider drops
  // offline_access without it).
  const offline = offersRefresh(config);
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: offline ? 'openid email profile offline_access' : 'openid email profile',
      ...(offline && { prompt: 'consent' }),
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    })
    .toString();
}

/** What the ID token says of the person. */
export interface Identity {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  givenName: string;
  familyName: string;
}

const claimText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The callback's URL checked and its code exchanged: the ID token's identity, validated, and the
 * provider's refresh token when it issued one (a secret: never logged).
 */
export async function complete(
  config: oidc.Configuration,
  callbackUrl: URL,
  redirectUri: string,
  checks: Checks,
): Promise<{ identity: Identity; refreshToken: string | null }> {
  let claims: Record<string, unknown> | undefined;
  let refreshToken: string | null = null;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callbackUrl,
      {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: redirectUri },
    );
    refreshToken = tokens.refresh_token ?? null;
    const idToken = tokens.claims();
    // Providers that hold to the spec's letter give the e-mail claim at userinfo only.
    claims =
      idToken && typeof idToken.email !== 'string'
        ? { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) }
        : idToken;
  } catch (err) {
    throw classify(err);
  }
  if (!claims) throw new ProviderFailure('invalid', 'no ID token');
  return {
    identity: {
      subject: claimText(claims.sub),
      email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
      givenName: claimText(claims.given_name).slice(0, 150),
      familyName: claimText(claims.family_name).slice(0, 150),
    },
    refreshToken,
  };
}

/** What the provider said of a session's refresh token. */
export type Recheck =
  /** It still knows the user: its rotated refresh token, if it rotated it. */
  | { kind: 'known'; refreshToken: string | null }
  /** invalid_grant: the user removed, the grant revoked or the token expired. */
  | { kind: 'gone'; reason: string }
  /** No answer that says either (unreachable, another error, an answer failing the checks). */
  | { kind: 'unchecked'; reason: string };

/** The refresh_token grant at the provider's token endpoint: whether it still knows the user. */
export async function recheck(config: oidc.Configuration, refreshToken: string): Promise<Recheck> {
  try {
    const tokens = await oidc.refreshTokenGrant(config, refreshToken);
    return { kind: 'known', refreshToken: tokens.refresh_token ?? null };
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
      return { kind: 'gone', reason: describe(err) };
    }
    return { kind: 'unchecked', reason: classify(err).reason };
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${typeof code === 'string' ? `${code} ` : ''}${err.message}${cause}`;
}

/** The provider refused (an error answer), could not be reached, or answered what fails checks. */
function classify(err: unknown): ProviderFailure {
  if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) {
    return new ProviderFailure('refused', describe(err));
  }
  // fetch() failing (refused connection, timeout) before any answer.
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
    return new ProviderFailure('unreachable', describe(err));
  }
  return new ProviderFailure('invalid', describe(err));
}
