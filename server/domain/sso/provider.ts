import * as oidc from 'openid-client';
import {
  checkedAddress,
  checkScheme,
  guardedFetch,
  refusalIn,
  type OutboundPolicy,
} from './issuer-fetch';

/**
 * The OpenID Connect relying party, with openid-client: discovery (when the settings are saved),
 * the authorization URL (code flow with PKCE, state and nonce), and the callback's checks (state,
 * the code exchanged, the ID token's signature against the provider's JWKS, issuer, audience,
 * expiry and nonce). Every request to the provider goes through issuer-fetch.ts.
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

/**
 * The provider's configuration as discovery found it, kept with the settings (institute_sso's
 * provider_metadata): the sign-in's steps read it from there and never discover again.
 */
export type ProviderMetadata = oidc.ServerMetadata;

/** Why the settings' issuer cannot be used: the words of the settings' 422. */
export class DiscoveryFailure extends Error {}

/** The endpoints the server itself calls (the authorization endpoint is the browser's). */
const SERVER_ENDPOINTS = ['token_endpoint', 'jwks_uri', 'userinfo_endpoint'] as const;

/**
 * Discovery, when the settings are saved: the issuer's `/.well-known/openid-configuration`
 * through the guarded fetch (issuer-fetch.ts), its issuer the one asked for, and the endpoints
 * the server will call checked the same way now, so that a provider that cannot work is refused
 * at once rather than at its first sign-in.
 */
export async function discover(
  client: Pick<ProviderClient, 'issuer' | 'clientId'>,
  policy: OutboundPolicy,
  timeout = 10,
): Promise<ProviderMetadata> {
  const server = new URL(client.issuer);
  const where = `${client.issuer}/.well-known/openid-configuration`;
  let metadata: ProviderMetadata;
  try {
    // Before openid-client's own check, so that the refusal says why in our words.
    checkScheme(server, policy);
    const config = await oidc.discovery(server, client.clientId, undefined, undefined, {
      timeout,
      [oidc.customFetch]: guardedFetch(policy),
      // The guarded fetch decides which plain http may go (loopback, with the switch on).
      ...(policy.allowHttpLoopback ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    // A plain copy: the metadata object carries helper functions.
    metadata = JSON.parse(JSON.stringify(config.serverMetadata())) as ProviderMetadata;
  } catch (err) {
    throw new DiscoveryFailure(discoveryProblem(err, client.issuer, where));
  }
  // Entra ID's multi-tenant issuers (common, organizations) name `{tenantid}`: any tenant's
  // people would sign in, and openid-client accepts such a configuration only fresh from
  // discovery, not rebuilt from the one kept.
  if (metadata.issuer.includes('{tenantid}')) {
    throw new DiscoveryFailure(
      `${client.issuer} is a multi-tenant issuer: enter your own tenant's, ` +
        'https://login.microsoftonline.com/{tenant-id}/v2.0.',
    );
  }
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
    throw new DiscoveryFailure(
      `${where} names no authorization or token endpoint: it is not an OpenID provider's configuration.`,
    );
  }
  for (const endpoint of ['authorization_endpoint', ...SERVER_ENDPOINTS] as const) {
    const value = metadata[endpoint];
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (endpoint === 'authorization_endpoint') {
        // The browser goes there: its scheme matters, not where the server could reach it.
        checkScheme(url, policy);
      } else {
        await checkedAddress(url, policy);
      }
    } catch (err) {
      const reason = refusalIn(err)?.message ?? `${value} is not a URL.`;
      throw new DiscoveryFailure(`The provider's ${endpoint} cannot be used: ${reason}`);
    }
  }
  return metadata;
}

/** What failed at discovery, in words for the person who typed the issuer. */
function discoveryProblem(err: unknown, issuer: string, where: string): string {
  const refused = refusalIn(err);
  if (refused) return `The issuer cannot be used: ${refused.message}`;
  const answer = err instanceof Error && err.cause instanceof Response ? err.cause : null;
  if (answer && answer.status >= 300 && answer.status < 400) {
    const to = answer.headers.get('location');
    return (
      `${where} answered with a redirect${to ? ` to ${to}` : ''}, which is not followed: ` +
      'enter the issuer exactly as the provider names it.'
    );
  }
  if (answer) {
    return `${where} answered ${answer.status}: ${issuer} is not an OpenID provider's issuer.`;
  }
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  // openid-client's code for a discovered issuer other than the one asked for.
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `${where} names another issuer: enter the issuer exactly as the provider names it.`;
  }
  if (
    err instanceof TypeError ||
    code === 'OAUTH_TIMEOUT' ||
    (err instanceof Error && err.name === 'TimeoutError')
  ) {
    return `${issuer} could not be reached (${describe(err)}).`;
  }
  return `${where} is not an OpenID provider's configuration (${describe(err)}).`;
}

/**
 * The provider's configuration from its stored metadata, without a request: each request it
 * then makes (token, JWKS, userinfo) goes through the guarded fetch. `now` is the server's clock
 * (tests drive it): the ID token's expiry is judged by it. `timeout`: seconds each request to the
 * provider may take.
 */
export function configure(
  client: ProviderClient,
  metadata: ProviderMetadata,
  policy: OutboundPolicy,
  now: number,
  timeout = 10,
): oidc.Configuration {
  const config = new oidc.Configuration(
    metadata,
    client.clientId,
    {
      [oidc.clockSkew]: Math.round((now - Date.now()) / 1000),
      [oidc.clockTolerance]: 30,
    },
    client.clientSecret === null ? oidc.None() : oidc.ClientSecretPost(client.clientSecret),
  );
  config[oidc.customFetch] = guardedFetch(policy);
  config.timeout = timeout;
  // The guarded fetch decides which plain http may go (loopback, with the switch on).
  if (policy.allowHttpLoopback) oidc.allowInsecureRequests(config);
  oidc.enableNonRepudiationChecks(config);
  return config;
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

/**
 * An error and its causes in one line (`fetch failed: connect ECONNREFUSED …`). Read by shape:
 * Node's own errors come from another realm than this module's Error under a test runner.
 */
function describe(err: unknown): string {
  const words: string[] = [];
  let e = err as { message?: unknown; code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++, e = e.cause as typeof e) {
    if (typeof e.message !== 'string') break;
    const code = typeof e.code === 'string' && !e.message.includes(e.code) ? `${e.code} ` : '';
    words.push(`${code}${e.message}`);
  }
  return words.length > 0 ? words.join(': ') : String(err);
}

/** The provider refused (an error answer), could not be reached, or answered what fails checks. */
function classify(err: unknown): ProviderFailure {
  if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) {
    return new ProviderFailure('refused', describe(err));
  }
  // fetch() failing (refused connection, timeout) before any answer, or the guarded fetch
  // refusing an address (metadata stored before the rules, an endpoint now resolving privately).
  if (refusalIn(err)) return new ProviderFailure('unreachable', describe(refusalIn(err)));
  if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
    return new ProviderFailure('unreachable', describe(err));
  }
  return new ProviderFailure('invalid', describe(err));
}
