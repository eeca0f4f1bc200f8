import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  passwordLoginRefused,
  SSO_CODE_PARAM,
  SSO_ERROR_PARAM,
  type SsoClient,
  type SsoError,
  type SsoSettings,
  type ssoSettingsUpdate,
} from '../../../shared/api/sso';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/auth-user';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { decryptSecret, encryptSecret } from '../../auth/sso-secret';
import type { Logger } from '../../app-context';
import {
  badRequest,
  conflict,
  invalidField,
  isUniqueViolation,
  notFound,
  unauthorized,
} from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize } from '../policy';
import * as users from '../users/repository';
import { revokeAllTokensOf } from '../personal-tokens/repository';
import type { ProviderCheck, ProviderSession } from '../auth/service';
import { auditSignIn, issueTokens, type TokenDeps } from '../auth/sessions';
import type { OutboundPolicy } from './issuer-fetch';
import * as provider from './provider';
import * as sso from './repository';
import { presentDomain, refuseWebmail } from './domains';
import {
  passwordMayBeRefused,
  signInThroughProvider,
  type SignInPolicyDeps,
} from './sign-in-policy';

/** What single sign-on needs (the router hands it from the app's context). */
export interface SsoDeps extends TokenDeps, SignInPolicyDeps {
  /** The app's address: the callback is `{publicUrl}/v2/auth/sso/callback`, the login page too. */
  publicUrl: string;
  secretKey: Buffer;
  sessionHours: number;
  log: Logger;
  now: () => number;
  /** Which providers the server may send requests to (SSO_ALLOW_HTTP_LOOPBACK; tests' resolver). */
  outbound: OutboundPolicy;
}

/** How long the provider has to call back, and the app to exchange its one-time code. */
const LOGIN_MINUTES = 10;
const CODE_SECONDS = 60;
const HOUR_MS = 3_600_000;

const ONE_ORGANIZATION = 'Each e-mail domain belongs to one organization.';
const BAD_CODE = 'This sign-in code is invalid, expired or already used. Please sign in again.';
const DISABLED = 'Your account is disabled here. Please contact your administrator.';
/** A refresh refused because the provider no longer knows the user (or revoked the grant). */
export const PROVIDER_ENDED_SESSION =
  "Your organization's sign-in service no longer accepts your account, so your session has " +
  'ended. Please sign in again.';
/**
 * Seconds the provider's token endpoint may take at a refresh (its configuration is the one
 * stored at save): well within the app's 10 s for the refresh (renderer/lib/api-client.ts).
 */
const RECHECK_TIMEOUT = 3;

export const callbackUrl = (publicUrl: string) => `${publicUrl}/v2/auth/sso/callback`;
/** The desktop app's link (RFC 8252, a private-use URI scheme registered by the installer). */
export const DESKTOP_LINK = 'vialqc://sso';

const domainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

function present(row: sso.SsoSettingsRow | null, publicUrl: string): SsoSettings {
  const redirect_uri = callbackUrl(publicUrl);
  if (!row) {
    return {
      configured: false,
      issuer: null,
      client_id: null,
      client_secret_set: false,
      domains: [],
      default_role: 'member',
      password_login_allowed: true,
      redirect_uri,
    };
  }
  const { settings, domains } = row;
  return {
    configured: true,
    issuer: settings.issuer,
    client_id: settings.clientId,
    client_secret_set: settings.clientSecretEncrypted !== null,
    domains: domains.map(presentDomain),
    default_role: settings.defaultRole,
    password_login_allowed: settings.passwordLoginAllowed,
    redirect_uri,
  };
}

async function authorizeSettings(db: DataSource, me: AuthUser, instituteId: number) {
  authorize(me, 'institute:settings', instituteId);
  if (!(await instituteExists(db.manager, instituteId))) throw notFound();
}

/** GET /v2/institutes/{id}/sso: the owner's or staff's view, without the secret. */
export async function getSettings(
  deps: Pick<SsoDeps, 'db' | 'publicUrl'>,
  me: AuthUser,
  instituteId: number,
) {
  await authorizeSettings(deps.db, me, instituteId);
  return present(await sso.findSettings(deps.db.manager, instituteId), deps.publicUrl);
}

/** PUT /v2/institutes/{id}/sso: a domain another organization covers answers 409. */
export async function putSettings(
  deps: Pick<SsoDeps, 'db' | 'secretKey' | 'outbound' | 'publicUrl'>,
  me: AuthUser,
  instituteId: number,
  body: z.output<typeof ssoSettingsUpdate>,
) {
  await authorizeSettings(deps.db, me, instituteId);
  const domains = [...new Set(body.domains)];
  refuseWebmail(domains);
  const issuer = body.issuer.replace(/\/$/, '');
  // Discovery now, outside the transaction, and kept with the settings: the sign-ins never ask
  // for it again, and a provider that cannot work is refused here (422) rather than at sign-in.
  const metadata = await provider
    .discover({ issuer, clientId: body.client_id }, deps.outbound)
    .catch((err: unknown) => {
      if (err instanceof provider.DiscoveryFailure) throw invalidField('issuer', err.message);
      throw err;
    });
  const result = deps.db.transaction(async (manager) => {
    await sso.lockInstitute(manager, instituteId);
    const taken = await sso.domainsTakenElsewhere(manager, instituteId, domains);
    if (taken.length > 0) {
      throw conflict(
        taken.map((t) => `${t.domain} already signs in with ${t.name}.`).join(' ') +
          ` ${ONE_ORGANIZATION}`,
      );
    }
    const before = await sso.findSettings(manager, instituteId);
    // The provider is registered as a confidential client (README): settings without its secret
    // would save, then fail at every sign-in.
    if (body.client_secret === undefined && !before?.settings.clientSecretEncrypted) {
      throw invalidField('client_secret', 'The client secret is required.');
    }
    await sso.saveSettings(
      manager,
      {
        instituteId,
        issuer,
        clientId: body.client_id,
        clientSecretEncrypted:
          body.client_secret !== undefined
            ? encryptSecret(deps.secretKey, body.client_secret, instituteId)
            : (before?.settings.clientSecretEncrypted ?? null),
        defaultRole: body.default_role,
        passwordLoginAllowed: body.password_login_allowed,
        providerMetadata: metadata,
      },
      domains,
    );
    return present(await sso.findSettings(manager, instituteId), deps.publicUrl);
  });
  // Another organization claimed one of the domains at the same moment.
  return result.catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(`A domain is already taken. ${ONE_ORGANIZATION}`);
    throw err;
  });
}

/** GET /v2/auth/sso/discover: the organization whose provider signs this e-mail in, or 404. */
export async function discover(deps: { db: DataSource }, email: string) {
  const found = await sso.findByDomain(deps.db.manager, domainOf(email));
  if (!found) throw notFound('No organization signs in this e-mail domain with single sign-on.');
  return { institute: found.settings.instituteId, name: found.name };
}

/**
 * Refuses (400) a password sign-in for an e-mail of a domain verified by an organization that
 * signs in only with its provider, when that provider may sign the account in (sign-in-policy.ts:
 * never staff nor another organization's). POST /v2/auth/token asks before the password is checked.
 */
export async function refusePasswordLogin(db: DataSource, email: string): Promise<void> {
  const found = await sso.findByDomain(db.manager, domainOf(email));
  if (
    found &&
    !found.settings.passwordLoginAllowed &&
    (await passwordMayBeRefused(db.manager, email, found.settings.instituteId))
  ) {
    throw badRequest(passwordLoginRefused(found.name));
  }
}

/** Where the browser goes back to: the login page (web) or the desktop app's link. */
function backToApp(
  deps: Pick<SsoDeps, 'publicUrl'>,
  client: SsoClient,
  param: string,
  value: string,
) {
  const base = client === 'desktop' ? DESKTOP_LINK : `${deps.publicUrl}/login`;
  const url = new URL(base);
  url.searchParams.set(client === 'desktop' ? param.replace(/^sso_/, '') : param, value);
  return url.toString();
}

const failed = (deps: Pick<SsoDeps, 'publicUrl'>, error: SsoError, client: SsoClient = 'web') =>
  backToApp(deps, client, SSO_ERROR_PARAM, error);

async function providerOf(deps: Pick<SsoDeps, 'db' | 'secretKey'>, instituteId: number) {
  const row = await sso.findSettings(deps.db.manager, instituteId);
  // Settings saved before discovery was kept with them sign in once saved again.
  if (!row?.settings.providerMetadata) return null;
  const { settings } = row;
  return {
    settings,
    metadata: settings.providerMetadata as provider.ProviderMetadata,
    domains: row.domains,
    client: {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret:
        settings.clientSecretEncrypted === null
          ? null
          : decryptSecret(deps.secretKey, settings.clientSecretEncrypted, instituteId),
    },
  };
}

/**
 * GET /v2/auth/sso/start: the provider's authorization URL, its state, PKCE verifier and nonce
 * kept in a row for the callback; or the login page with the reason when that cannot be.
 */
export async function start(deps: SsoDeps, instituteId: number, client: SsoClient) {
  const found = await providerOf(deps, instituteId);
  if (!found) return failed(deps, 'not-configured', client);
  try {
    const config = provider.configure(found.client, found.metadata, deps.outbound, deps.now());
    const checks = provider.newChecks();
    await sso.insertLogin(deps.db.manager, {
      state: checks.state,
      instituteId,
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      client,
      expiresAt: new Date(deps.now() + LOGIN_MINUTES * 60_000),
    });
    return await provider.authorizationUrl(config, callbackUrl(deps.publicUrl), checks);
  } catch (err) {
    if (!(err instanceof provider.ProviderFailure)) throw err;
    deps.log.info('SSO start failed', { institute: instituteId, reason: err.reason });
    return failed(deps, err.kind, client);
  }
}

/**
 * GET /v2/auth/sso/callback: checks the provider's answer, finds or creates the user (with the
 * configured role, and the membership), and sends the browser back with a one-time code. Every
 * failure goes back to the login page with its reason.
 */
export async function callback(deps: SsoDeps, url: URL, address: string): Promise<string> {
  const now = new Date(deps.now());
  await sso.deleteStaleLogins(deps.db.manager, now);
  const state = url.searchParams.get('state');
  const login = state ? await sso.takeLogin(deps.db.manager, state, now) : null;
  if (!login) return failed(deps, 'expired');
  const back = (error: SsoError) => failed(deps, error, login.client);
  const found = await providerOf(deps, login.instituteId);
  if (!found) return back('not-configured');

  let identity: provider.Identity;
  let providerRefresh: string | null;
  try {
    const config = provider.configure(found.client, found.metadata, deps.outbound, deps.now());
    ({ identity, refreshToken: providerRefresh } = await provider.complete(
      config,
      url,
      callbackUrl(deps.publicUrl),
      { codeVerifier: login.codeVerifier, state: state ?? '', nonce: login.nonce },
    ));
  } catch (err) {
    if (!(err instanceof provider.ProviderFailure)) throw err;
    deps.log.info('SSO sign-in refused', { institute: login.instituteId, reason: err.reason });
    return back(err.kind);
  }
  // The provider speaks for its own domains only.
  const email = identity.email;
  if (!email || identity.emailVerified === false) {
    deps.log.info('SSO sign-in without a verified e-mail', { institute: login.instituteId });
    return back('no-email');
  }
  // Whom the provider may sign in (its verified domains, throttle, staff, other organizations).
  const outcome = await signInThroughProvider(deps, {
    instituteId: login.instituteId,
    email,
    givenName: identity.givenName,
    familyName: identity.familyName,
    defaultRole: found.settings.defaultRole,
    address,
  });
  if (outcome.kind === 'refused') {
    deps.log.info('SSO sign-in refused', { institute: login.instituteId, reason: outcome.error });
    return back(outcome.error);
  }
  const { userId } = outcome;

  const code = newSecret();
  await sso.setCode(deps.db.manager, login.id, {
    userId,
    codeHash: sha256Hex(code),
    codeExpiresAt: new Date(deps.now() + CODE_SECONDS * 1000),
    // Kept for the session the exchange begins, encrypted like the client secret.
    providerRefreshEncrypted:
      providerRefresh === null
        ? null
        : encryptSecret(deps.secretKey, providerRefresh, login.instituteId),
  });
  deps.log.info('SSO sign-in', { institute: login.instituteId, user: userId });
  return backToApp(deps, login.client, SSO_CODE_PARAM, code);
}

/**
 * POST /v2/auth/sso/exchange: the one-time code for the usual tokens, once. The session's refresh
 * tokens stop working SSO_SESSION_HOURS after this (sso_sessions, checked at each refresh), or,
 * with the provider's refresh token, SSO_SESSION_HOURS after the last re-check it passed.
 */
export async function exchange(deps: SsoDeps, code: string) {
  const now = new Date(deps.now());
  return deps.db.transaction(async (manager) => {
    const login = await sso.exchangeCode(manager, sha256Hex(code), now);
    if (!login?.userId) throw unauthorized(BAD_CODE);
    const user = await users.findUserWithInstitutes(manager, login.userId);
    if (!user) throw unauthorized(BAD_CODE);
    if (!user.isActive) throw unauthorized(DISABLED);
    const family = randomUUID();
    await sso.insertSession(manager, {
      family,
      userId: user.id,
      endsAt: new Date(now.getTime() + deps.sessionHours * HOUR_MS),
      instituteId: login.instituteId,
      providerRefreshEncrypted: login.providerRefreshEncrypted,
    });
    const { access, refresh } = await issueTokens(deps, user, family, manager);
    await auditSignIn(manager, user, 'single sign-on');
    return { access_token: access, refresh_token: refresh, token_type: 'bearer' as const };
  });
}

export type RecheckDeps = Pick<
  SsoDeps,
  'db' | 'secretKey' | 'sessionHours' | 'log' | 'now' | 'outbound'
>;

/**
 * At POST /v2/auth/refresh of a session with the provider's refresh token: the refresh_token
 * grant at the provider, outside any transaction.
 *
 * - It answers tokens: the user is still known. The rotated refresh token is kept (when it sent
 *   one) and the session ends SSO_SESSION_HOURS after this check.
 * - It answers invalid_grant (the user removed, the grant revoked): fail closed, the session
 *   ends and the refresh is refused with PROVIDER_ENDED_SESSION.
 * - Anything else (unreachable, down, another error, an answer failing the checks, its settings
 *   gone): the refresh goes on, and the SSO_SESSION_HOURS since the last check passed bound the
 *   session, as for a provider without refresh tokens. A provider's outage then does not sign
 *   everyone out at once, and a user it removed signs in no more (the callback asks it) and
 *   keeps a session at most that long.
 */
export async function recheckSession(
  deps: RecheckDeps,
  session: ProviderSession,
): Promise<ProviderCheck> {
  const { family, instituteId } = session;
  const fields = { institute: instituteId, user: session.userId };
  const unchecked = (reason: string): ProviderCheck => {
    deps.log.info('SSO session not re-checked with the provider', { ...fields, reason });
    return { kind: 'unchecked' };
  };
  if (instituteId === null) return unchecked('no institute');
  let answer: provider.Recheck;
  try {
    const found = await providerOf(deps, instituteId);
    if (!found) return unchecked('not configured');
    const token = decryptSecret(deps.secretKey, session.providerRefreshEncrypted, instituteId);
    const config = provider.configure(
      found.client,
      found.metadata,
      deps.outbound,
      deps.now(),
      RECHECK_TIMEOUT,
    );
    answer = await provider.recheck(config, token);
  } catch (err) {
    if (err instanceof provider.ProviderFailure) return unchecked(err.reason);
    // A secret that no longer decrypts (SSO_SECRET_KEY changed).
    deps.log.error('SSO session re-check failed', err, fields);
    return { kind: 'unchecked' };
  }
  if (answer.kind === 'unchecked') return unchecked(answer.reason);
  if (answer.kind === 'gone') {
    deps.log.info('SSO session ended by the provider', { ...fields, reason: answer.reason });
    await deps.db.transaction(async (manager) => {
      await sso.endSession(manager, family, new Date(deps.now()));
      // The provider says the person is gone: the tokens made in this session end with it, and
      // so do their tokens for the organization whose provider said so.
      await revokeAllTokensOf(manager, session.userId, 'single sign-on session ended', {
        instituteIds: [instituteId],
        ssoFamily: family,
      });
    });
    return { kind: 'gone', detail: PROVIDER_ENDED_SESSION };
  }
  const rotated = answer.refreshToken;
  return {
    kind: 'known',
    save: (manager) =>
      sso.renewSession(manager, family, {
        endsAt: new Date(deps.now() + deps.sessionHours * HOUR_MS),
        ...(rotated !== null && {
          providerRefreshEncrypted: encryptSecret(deps.secretKey, rotated, instituteId),
        }),
      }),
  };
}
