import type { Router } from 'express';
import { z } from 'zod';
import { idParams, pageQuery, paginated } from '../../../shared/api/common';
import { user, userCreate, userListQuery, userUpdate } from '../../../shared/api/users';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import * as users from './service';

const memberParams = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

export function usersRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'users');

  api.get(
    '/v2/users',
    {
      summary: 'All users (staff); search by e-mail, first or last name',
      query: userListQuery,
      response: paginated(user),
    },
    ({ user: me, query }) => users.listAllUsers(ctx, me, query),
  );
  api.get(
    '/v2/institutes/:id/users',
    {
      summary: 'Users of an institute',
      params: idParams,
      query: pageQuery.extend({ search: z.string().max(200).optional() }),
      response: paginated(user),
    },
    ({ user: me, params, query }) => users.listInstituteUsers(ctx, me, params.id, query),
  );
  api.post(
    '/v2/institutes/:id/users',
    {
      summary: 'Invite a user into an institute (staff, owner, admin); e-mails a registration link',
      params: idParams,
      body: userCreate,
      response: user,
      status: 201,
    },
    ({ user: me, params, body }) => users.inviteUser(ctx, me, params.id, body),
  );
  for (const path of ['/v2/users/:id', '/v2/users/id/:id']) {
    api.get(
      path,
      { summary: 'One user', params: idParams, response: user },
      ({ user: me, params }) => users.getUser(ctx, me, params.id),
    );
  }
  api.patch(
    '/v2/users/:id',
    {
      summary: 'Edit a user (names: self; role, organizations, active: managers)',
      params: idParams,
      body: userUpdate,
      response: user,
    },
    ({ user: me, params, body }) => users.updateUser(ctx, me, params.id, body),
  );
  api.delete(
    '/v2/users/:id',
    { summary: 'Delete a user', params: idParams },
    ({ user: me, params }) => users.deleteUser(ctx, me, params.id),
  );
  api.delete(
    '/v2/institutes/:id/users/:userId',
    {
      summary: "Revoke a user's access to one institute",
      params: memberParams,
    },
    ({ user: me, params }) => users.revokeAccess(ctx, me, params.id, params.userId),
  );
  api.post(
    '/v2/users/:id/resend',
    {
      summary: 'Send a new invitation to an unregistered user',
      params: idParams,
    },
    ({ user: me, params }) => users.resendInvitation(ctx, me, params.id),
  );
  return api.router;
}
