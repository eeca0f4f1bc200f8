import type { Router } from 'express';
import { z } from 'zod';
import { idParam, idParams, pageQuery, paginated, text } from '../../../shared/api/common';
import { user, userCreate, userInvite, userListQuery, userUpdate } from '../../../shared/api/users';
import type { AppContext } from '../../app-context';
import * as secondFactor from '../../domain/auth/second-factor';
import * as users from '../../domain/users/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { presentUser } from './presenter';

const memberParams = z.object({
  id: idParam,
  userId: idParam,
});

export function usersRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'users');
  const deps = { db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };

  api.get(
    '/v2/users',
    {
      summary: 'All users (staff); search by e-mail, first or last name',
      access: 'users:list-all',
      query: userListQuery,
      response: paginated(user),
    },
    async ({ user: me, query }) =>
      presentPage(await users.listAllUsers(deps, me, query), presentUser),
  );
  api.get(
    '/v2/institutes/:id/users',
    {
      summary: "Users of an institute (any of its roles: the Settings page's Users section)",
      access: 'read',
      params: idParams,
      query: pageQuery.extend({ search: text().max(200).optional() }),
      response: paginated(user),
    },
    async ({ user: me, params, query }) =>
      presentPage(await users.listInstituteUsers(deps, me, params.id, query), presentUser),
  );
  api.post(
    '/v2/institutes/:id/users',
    {
      summary: 'Invite a user into an institute (staff, owner, admin); e-mails a registration link',
      access: 'users:manage',
      params: idParams,
      body: userCreate,
      response: user,
      status: 201,
      errors: [409],
    },
    async ({ user: me, params, body }) =>
      presentUser(await users.inviteUser(deps, me, params.id, body)),
  );
  api.post(
    '/v2/institutes/:id/users/invite',
    {
      summary:
        'Invite by e-mail alone (staff, owner, admin): role guest unless given; the invited ' +
        'user gives their names when registering',
      access: 'users:manage',
      params: idParams,
      body: userInvite,
      response: user,
      status: 201,
      errors: [409],
    },
    async ({ user: me, params, body }) =>
      presentUser(await users.inviteByEmail(deps, me, params.id, body)),
  );
  for (const path of ['/v2/users/:id', '/v2/users/id/:id']) {
    api.get(
      path,
      { summary: 'One user', access: 'read', params: idParams, response: user },
      async ({ user: me, params }) => presentUser(await users.getUser(deps, me, params.id)),
    );
  }
  api.patch(
    '/v2/users/:id',
    {
      summary:
        "Edit a user: one's own names, or (staff, owner, admin of a shared institute) another " +
        "user's names, role, organizations and active state",
      access: 'self',
      params: idParams,
      body: userUpdate,
      response: user,
    },
    async ({ user: me, params, body }) =>
      presentUser(await users.updateUser(deps, me, params.id, body)),
  );
  api.delete(
    '/v2/users/:id',
    { summary: 'Delete a user', access: 'users:manage', params: idParams },
    ({ user: me, params }) => users.deleteUser(deps, me, params.id),
  );
  api.delete(
    '/v2/users/:id/mfa',
    {
      summary:
        "Reset a user's second factor (staff), e.g. a lost phone: their secret and recovery " +
        'codes are gone; they sign in with their password, and set up a new one where required',
      access: 'users:reset-second-factor',
      params: idParams,
      // Sign-in administration: never with a personal access token.
      personalTokens: false,
    },
    ({ user: me, params }) => secondFactor.reset(deps, me, params.id),
  );
  api.delete(
    '/v2/institutes/:id/users/:userId',
    {
      summary: "Revoke a user's access to one institute",
      access: 'users:manage',
      params: memberParams,
    },
    ({ user: me, params }) => users.revokeAccess(deps, me, params.id, params.userId),
  );
  api.post(
    '/v2/users/:id/resend',
    {
      summary: 'Send a new invitation to an unregistered user',
      access: 'users:manage',
      params: idParams,
      errors: [409],
    },
    ({ user: me, params }) => users.resendInvitation(deps, me, params.id),
  );
  return api.router;
}
