import express, { Router } from 'express';
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
import { user } from '../../../shared/api/users';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../auth/require-auth';
import { publicRoute, route } from '../../http/route';
import * as auth from './service';

const tag = 'auth';

export function authRouter(ctx: AppContext): Router {
  const router = Router();
  const authed = requireAuth(ctx);

  publicRoute(
    router,
    {
      method: 'post',
      path: '/v2/auth/token',
      tag,
      summary: 'Log in with e-mail and password (form fields username, password)',
      bodyType: 'form',
      body: loginForm,
      response: tokenResponse,
      before: [express.urlencoded({ extended: false })],
    },
    ({ body, req }) => auth.login(ctx, body.username, body.password, req.ip ?? 'unknown'),
  );

  publicRoute(
    router,
    {
      method: 'post',
      path: '/v2/auth/refresh',
      tag,
      summary: 'Exchange a refresh token for new tokens (the old one is used up)',
      body: refreshBody,
      response: refreshResponse,
    },
    ({ body }) => auth.refresh(ctx, body.refresh),
  );

  publicRoute(
    router,
    {
      method: 'post',
      path: '/v2/auth/request-password-reset',
      tag,
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: passwordResetRequest,
    },
    async ({ body }) => {
      await auth.requestPasswordReset(ctx, body.email);
    },
  );

  publicRoute(
    router,
    {
      method: 'post',
      path: '/v2/auth/reset-password',
      tag,
      summary: 'Set a new password with the token from the reset e-mail (204)',
      body: passwordReset,
    },
    async ({ body }) => {
      await auth.resetPassword(ctx, body.token, body.new_password);
    },
  );

  publicRoute(
    router,
    {
      method: 'get',
      path: '/v2/auth/register/:token',
      tag,
      summary: 'The invitation behind a registration link',
      params: z.object({ token: z.string().min(1) }),
      response: registrationInfo,
    },
    ({ params }) => auth.registrationInfo(ctx, params.token),
  );

  publicRoute(
    router,
    {
      method: 'post',
      path: '/v2/auth/register',
      tag,
      summary: 'Complete an invitation: names and password',
      body: registerBody,
      response: user,
      status: 201,
    },
    ({ body }) => auth.register(ctx, body),
  );

  route(
    router,
    authed,
    { method: 'get', path: '/v2/auth/account', tag, summary: 'The signed-in user', response: user },
    ({ user: me }) => auth.getAccount(ctx, me.id),
  );

  route(
    router,
    authed,
    {
      method: 'post',
      path: '/v2/auth/account',
      tag,
      summary: 'Change own names and, with the current password, the password',
      body: accountUpdate,
      response: user,
    },
    ({ user: me, body }) => auth.updateAccount(ctx, me.id, body),
  );

  return router;
}
