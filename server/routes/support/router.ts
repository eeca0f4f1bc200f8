import type { Router } from 'express';
import { supportContact, supportMessage } from '../../../shared/api/support';
import type { AppContext } from '../../app-context';
import * as support from '../../domain/support/service';
import { apiRouter } from '../../http/api-router';

export function supportRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'support');
  const deps = { db: ctx.db, mailer: ctx.mailer, support: ctx.config.support };

  api.get(
    '/v2/support/contact',
    {
      summary: "The provider's contact details (admin, member, owner)",
      access: 'support:contact',
      response: supportContact,
    },
    async ({ user }) => support.contactDetails(deps, user),
  );
  api.post(
    '/v2/support/contact',
    {
      summary: "E-mail a message to the provider's support address (admin, member, owner)",
      access: 'support:contact',
      body: supportMessage,
    },
    async ({ user, body }) => {
      await support.sendSupportMessage(deps, user, body);
    },
  );
  return api.router;
}
