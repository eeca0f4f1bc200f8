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
import { user } from '../../../shared/api/users';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as auth from './service';

export function authRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'auth');

  api.public.post(
    '/v2/auth/token',
    {
      summary: 'Log in with e-mail and password (form fields username, password)',
      bodyType: 'form',
      body: loginForm,
      response: tokenResponse,
      before: [express.urlencoded({ extended: false })],
    },
    ({ body, req }) => auth.login(ctx, body.username, body.password, req.ip ?? 'unknown'),
  );

  api.public.post(
    '/v2/auth/refresh',
    {
      summary: 'Exchange a refresh token for new tokens (the old one is used up)',
      body: refreshBody,
      response: refreshResponse,
    },
    ({ body }) => auth.refresh(ctx, body.refresh),
  );

  api.public.post(
    '/v2/auth/request-password-reset',
    {
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: passwordResetRequest,
    },
    async ({ body }) => {
      await auth.requestPasswordReset(ctx, body.email);
    },
  );

  api.public.post(
    '/v2/auth/reset-password',
    {
      summary: 'Set a new password with the token from the reset e-mail (204)',
      body: passwordReset,
    },
    async ({ body }) => {
      await auth.resetPassword(ctx, body.token, body.new_password);
    },
  );

  api.public.get(
    '/v2/auth/register/:token',
    {
      summary: 'The invitation behind a registration link',
      params: z.object({ token: z.string().min(1) }),
      response: registrationInfo,
    },
    ({ params }) => auth.registrationInfo(ctx, params.token),
  );

  api.public.post(
    '/v2/auth/register',
    {
      summary: 'Complete an invitation: names and password',
      body: registerBody,
      response: user,
      status: 201,
    },
    ({ body }) => auth.register(ctx, body),
  );

  api.get('/v2/auth/account', { summary: 'The signed-in user', response: user }, ({ user: me }) =>
    auth.getAccount(ctx, me.id),
  );

  api.post(
    '/v2/auth/account',
    {
      summary: 'Change own names and, with the current password, the password',
      body: accountUpdate,
      response: user,
    },
    ({ user: me, body }) => auth.updateAccount(ctx, me.id, body),
  );

  return api.router;
}
