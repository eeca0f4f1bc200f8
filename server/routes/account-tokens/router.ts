import type { Router } from 'express';
import {
  accountTokenCreate,
  accountTokenList,
  createdAccountToken,
} from '../../../shared/api/account-tokens';
import { idParams } from '../../../shared/api/common';
import type { AppContext } from '../../app-context';
import * as personalTokens from '../../domain/personal-tokens/service';
import { apiRouter } from '../../http/api-router';
import { presentToken } from './presenter';

/**
 * The signed-in user's personal access tokens. Every endpoint is 'self', so no token can call
 * them (server/http/token-scope.ts): tokens are made and revoked in a signed-in session only.
 */
export function accountTokensRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'account');
  const deps = { db: ctx.db };

  api.get(
    '/v2/account/tokens',
    {
      summary: 'Own personal access tokens (not the tokens themselves), the newest first',
      access: 'self',
      response: accountTokenList,
    },
    async ({ user: me }) => ({
      items: (await personalTokens.listTokens(deps, me)).map(presentToken),
    }),
  );

  api.post(
    '/v2/account/tokens',
    {
      summary:
        'Create a personal access token for one organization of one’s own, expiring within a ' +
        'year; the answer holds the token, shown this once (404 for an organization not one’s own)',
      access: 'self',
      body: accountTokenCreate,
      response: createdAccountToken,
      status: 201,
    },
    async ({ user: me, body }) => {
      // The context's clock: the one a single sign-on session's end was set by (tests drive it).
      const { row, token } = await personalTokens.createToken(deps, me, body, new Date(ctx.now()));
      return { ...presentToken(row), token };
    },
  );

  api.delete(
    '/v2/account/tokens/:id',
    {
      summary: 'Revoke one of one’s own personal access tokens: refused from the next request on',
      access: 'self',
      params: idParams,
    },
    async ({ user: me, params }) => {
      await personalTokens.revokeToken(deps, me, params.id);
    },
  );

  return api.router;
}
