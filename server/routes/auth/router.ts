import express, { type Router } from 'express';
import {
  accountUpdate,
  loginForm,
  passwordReset,
  passwordResetRequest,
  refreshBody,
  refreshResponse,
  registerBody,
  registrationInfo,
  tokenResponse,
} from '../../../shared/api/auth';
import {
  loginResponse,
  mfaLogin,
  totpCode,
  totpConfirmation,
  totpEnrolment,
} from '../../../shared/api/second-factor';
import { text } from '../../../shared/api/common';
import { account, accountOrganization, user } from '../../../shared/api/users';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import * as auth from '../../domain/auth/service';
import * as secondFactor from '../../domain/auth/second-factor';
import * as sso from '../../domain/sso/service';
import { apiRouter } from '../../http/api-router';
import { clientAddressOf } from '../../http/client-address';
import { clientGone } from '../../http/client-gone';
import type { User } from '../../entities/user';
import { presentAccount, presentUser } from '../users/presenter';

export function authRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'auth');
  const deps = {
    db: ctx.db,
    accessTokens: ctx.accessTokens,
    throttle: ctx.throttle,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    refreshTokenDays: ctx.config.refreshTokenDays,
    mfaTokens: ctx.mfaTokens,
    mfaRequiredForStaff: ctx.config.mfaRequiredForStaff,
    // Read at each call: tests drive the context's clock.
    now: () => ctx.now(),
    // TOTP secrets are kept encrypted under the single sign-on secrets' key.
    secretKey: ctx.config.sso.secretKey,
    // A single sign-on session's refresh asks its provider (server/domain/sso).
    recheckSession: (session: auth.ProviderSession) =>
      sso.recheckSession(
        {
          db: ctx.db,
          secretKey: ctx.config.sso.secretKey,
          sessionHours: ctx.config.sso.sessionHours,
          outbound: { allowHttpLoopback: ctx.config.sso.allowHttpLoopback },
          log: ctx.log,
          now: () => ctx.now(),
        },
        session,
      ),
  };

  api.public.post(
    '/v2/auth/token',
    {
      summary:
        'Log in with e-mail and password (form fields username, password): the tokens, or, when ' +
        'the account needs a second factor, {mfa_required, mfa_token} (send a code to ' +
        '/v2/auth/mfa) or {mfa_enrolment_required, mfa_token} (set one up first with ' +
        '/v2/account/mfa/totp, the mfa_token as the bearer token)',
      bodyType: 'form',
      body: loginForm,
      response: loginResponse,
      errors: [429],
      before: [express.urlencoded({ extended: false })],
    },
    async ({ body, req, res }) => {
      // An organization may sign its domains in with its provider only (README "Single sign-on").
      await sso.refusePasswordLogin(ctx.db, body.username);
      return auth.login(deps, body.username, body.password, clientAddressOf(req), clientGone(res));
    },
  );

  api.public.post(
    '/v2/auth/mfa',
    {
      summary:
        "Sign-in's second step: the mfa_token of /v2/auth/token and a code of the authenticator " +
        'app (each accepted once) or a recovery code (used up); wrong codes count as failed ' +
        'logins',
      body: mfaLogin,
      response: tokenResponse,
      errors: [401, 429],
    },
    ({ body, req }) =>
      secondFactor.signInWithCode(deps, body.mfa_token, body.code, clientAddressOf(req)),
  );

  api.enrolment.post(
    '/v2/account/mfa/totp',
    {
      summary:
        'Start setting up two-factor authentication: a new TOTP secret with its otpauth URL and ' +
        'QR code (SVG), in use once confirmed. Signed in, or with an enrolment mfa_token as the ' +
        'bearer token (409 while a second factor is on)',
      access: 'self',
      response: totpEnrolment,
      errors: [409],
    },
    ({ user: me }) => secondFactor.startEnrolment(deps, me),
  );

  api.enrolment.post(
    '/v2/account/mfa/totp/confirm',
    {
      summary:
        'Confirm the new secret with a code of the app: two-factor authentication is on, and the ' +
        'ten recovery codes are answered this once (with the tokens when enrolling at sign-in)',
      access: 'self',
      body: totpCode,
      response: totpConfirmation,
      errors: [409],
    },
    ({ user: me, body }) =>
      secondFactor.confirmEnrolment(deps, me, body.code, me.enrolling === true),
  );

  api.delete(
    '/v2/account/mfa/totp',
    {
      summary:
        'Turn two-factor authentication off with a current code or a recovery code (409 where ' +
        'it is required: staff, or an organization that requires it)',
      access: 'self',
      body: totpCode,
      errors: [409, 429],
    },
    async ({ user: me, body, req }) => {
      await secondFactor.disable(deps, me, body.code, clientAddressOf(req));
    },
  );

  api.public.post(
    '/v2/auth/refresh',
    {
      summary: 'Exchange a refresh token for new tokens (the old one is used up)',
      body: refreshBody,
      response: refreshResponse,
      errors: [401],
    },
    ({ body }) => auth.refresh(deps, body.refresh),
  );

  api.public.post(
    '/v2/auth/request-password-reset',
    {
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: passwordResetRequest,
      errors: [429],
    },
    async ({ body, req }) => {
      await auth.requestPasswordReset(deps, body.email, clientAddressOf(req));
    },
  );

  api.public.post(
    '/v2/auth/reset-password',
    {
      summary: 'Set a new password with the token from the reset e-mail (204)',
      body: passwordReset,
    },
    async ({ body }) => {
      await auth.resetPassword(deps, body.token, body.new_password);
    },
  );

  api.public.get(
    '/v2/auth/register/:token',
    {
      summary: 'The invitation behind a registration link',
      params: z.object({ token: text().min(1).max(256) }),
      response: registrationInfo,
      errors: [429],
    },
    ({ params, req }) => auth.registrationInfo(deps, params.token, clientAddressOf(req)),
  );

  api.public.post(
    '/v2/auth/register',
    {
      summary: 'Complete an invitation: names and password',
      body: registerBody,
      response: user,
      status: 201,
      errors: [429],
    },
    async ({ body, req }) => presentUser(await auth.register(deps, body, clientAddressOf(req))),
  );

  const answerAccount = (account: User) => presentAccount(account, auth.lastInstituteOf(account));
  api.get(
    '/v2/auth/account',
    {
      summary: 'The signed-in user, with the organization they last chose',
      access: 'self',
      response: account,
    },
    async ({ user: me }) => answerAccount(await auth.getAccount(deps, me.id)),
  );

  api.put(
    '/v2/auth/account/organization',
    {
      summary:
        'Remember the organization chosen in the selector: the next sign-in, in any browser or ' +
        'the desktop app, starts there (404 for one the user may not see)',
      access: 'self',
      body: accountOrganization,
      response: account,
    },
    async ({ user: me, body }) =>
      answerAccount(await auth.chooseInstitute(deps, me, body.institute)),
  );

  api.post(
    '/v2/auth/account',
    {
      summary: 'Change own names and, with the current password, the password',
      access: 'self',
      body: accountUpdate,
      response: account,
    },
    async ({ user: me, body }) =>
      answerAccount(await auth.updateAccount(deps, me.id, body, me.session)),
  );

  return api.router;
}
