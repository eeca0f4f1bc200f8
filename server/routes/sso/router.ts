import type { Router } from 'express';
import { tokenResponse } from '../../../shared/api/auth';
import { idParams } from '../../../shared/api/common';
import {
  ssoCallbackQuery,
  ssoDiscoverQuery,
  ssoDiscovery,
  ssoExchange,
  ssoSettings,
  ssoSettingsUpdate,
  ssoStartQuery,
} from '../../../shared/api/sso';
import type { AppContext } from '../../app-context';
import * as sso from '../../domain/sso/service';
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
        'still sign in with a password',
      access: 'institute:settings',
      params: idParams,
      body: ssoSettingsUpdate,
      response: ssoSettings,
      errors: [409],
      personalTokens: false,
    },
    ({ user, params, body }) => sso.putSettings(deps, user, params.id, body),
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
    ({ req }) => sso.callback(deps, new URL(req.originalUrl, ctx.config.publicUrl)),
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
