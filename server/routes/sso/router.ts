import type { Router } from 'express';
import { tokenResponse } from '../../../shared/api/auth';
import { idParams } from '../../../shared/api/common';
import {
  ssoCallbackQuery,
  ssoDiscoverQuery,
  ssoDiscovery,
  ssoDomain,
  ssoDomainParams,
  ssoExchange,
  ssoSettings,
  ssoSettingsUpdate,
  ssoStartQuery,
} from '../../../shared/api/sso';
import type { AppContext } from '../../app-context';
import { approveDomain, verifyDomain, type DomainDeps } from '../../domain/sso/domains';
import * as sso from '../../domain/sso/service';
import { clientAddressOf } from '../../http/client-address';
import { apiRouter } from '../../http/api-router';

/** Single sign-on: an organization's provider settings and the sign-in's steps. */
export function ssoRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'sso');
  const deps: sso.SsoDeps = {
    db: ctx.db,
    accessTokens: ctx.accessTokens,
    refreshTokenDays: ctx.config.refreshTokenDays,
    publicUrl: ctx.config.publicUrl,
    secretKey: ctx.config.sso.secretKey,
    sessionHours: ctx.config.sso.sessionHours,
    log: ctx.log,
    // Read at each call: tests drive the context's clock.
    now: () => ctx.now(),
    outbound: { allowHttpLoopback: ctx.config.sso.allowHttpLoopback },
    throttle: ctx.throttle,
  };
  const domainDeps: DomainDeps = {
    db: ctx.db,
    dnsServers: ctx.config.ssoDnsServers,
    now: () => ctx.now(),
  };

  api.get(
    '/v2/institutes/:id/sso',
    {
      summary:
        "The organization's OpenID Connect provider for single sign-on (owner, staff); the " +
        'client secret is never answered, only whether one is set',
      access: 'institute:settings',
      params: idParams,
      response: ssoSettings,
      personalTokens: false,
    },
    ({ user, params }) => sso.getSettings(deps, user, params.id),
  );

  api.put(
    '/v2/institutes/:id/sso',
    {
      summary:
        'Set up single sign-on (owner, staff): issuer, client id and secret (write-only: left ' +
        'out, the stored one is kept), the e-mail domains it covers (409 for one another ' +
        'organization covers), the role of users it creates (never staff) and whether they may ' +
        "still sign in with a password. The issuer's discovery runs here and is kept (422 on " +
        'issuer saying what failed: not https, an address inside, unreachable, not an OpenID ' +
        'provider, a redirect); a first save needs the secret',
      access: 'institute:settings',
      params: idParams,
      body: ssoSettingsUpdate,
      response: ssoSettings,
      errors: [409],
      personalTokens: false,
    },
    ({ user, params, body }) => sso.putSettings(deps, user, params.id, body),
  );

  api.post(
    '/v2/institutes/:id/sso/domains/:domain/verify',
    {
      summary:
        'Verify a claimed e-mail domain (owner, staff): the server asks the DNS for the TXT ' +
        'record vialqc-domain-verification=<token> at the domain (422: not found, 503: the DNS ' +
        'could not be asked, 409: another organization has it verified)',
      access: 'institute:settings',
      params: ssoDomainParams,
      response: ssoDomain,
      errors: [404, 409, 503],
      personalTokens: false,
    },
    ({ user, params }) => verifyDomain(domainDeps, user, params.id, params.domain),
  );

  api.post(
    '/v2/institutes/:id/sso/domains/:domain/approve',
    {
      summary:
        'Approve a claimed e-mail domain without its DNS record (staff only, audited): staff ' +
        'know the organization owns it (409: another organization has it verified)',
      access: 'institute:staff-fields',
      params: ssoDomainParams,
      response: ssoDomain,
      errors: [404, 409],
      personalTokens: false,
    },
    ({ user, params }) => approveDomain(domainDeps, user, params.id, params.domain),
  );

  api.public.get(
    '/v2/auth/sso/discover',
    {
      summary: 'The organization whose provider signs this e-mail in (404: none, use a password)',
      query: ssoDiscoverQuery,
      response: ssoDiscovery,
      errors: [404],
    },
    ({ query }) => sso.discover(deps, query.email),
  );

  api.public.get(
    '/v2/auth/sso/start',
    {
      summary:
        "Sign in through the organization's provider: 302 to it (authorization code flow with " +
        'PKCE), or to the login page with sso_error when that cannot be. client=desktop sends ' +
        'the app back through the vialqc:// link',
      query: ssoStartQuery,
      redirect: true,
    },
    ({ query }) => sso.start(deps, query.institute, query.client),
  );

  api.public.get(
    '/v2/auth/sso/callback',
    {
      summary:
        'Where the provider returns (register {PUBLIC_URL}/v2/auth/sso/callback with it): 302 ' +
        'to the login page with a one-time sso_code, or with sso_error and nothing signed in',
      query: ssoCallbackQuery,
      redirect: true,
    },
    ({ req }) =>
      sso.callback(deps, new URL(req.originalUrl, ctx.config.publicUrl), clientAddressOf(req)),
  );

  api.public.post(
    '/v2/auth/sso/exchange',
    {
      summary:
        "The one-time code of the provider's sign-in for the tokens, as /v2/auth/token answers " +
        'them (401: unknown, expired or already used)',
      body: ssoExchange,
      response: tokenResponse,
      errors: [401],
    },
    ({ body }) => sso.exchange(deps, body.code),
  );

  return api.router;
}
