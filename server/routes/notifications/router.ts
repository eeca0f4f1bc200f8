import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  notification,
  notificationListQuery,
  notificationSettings,
  notificationSettingsUpdate,
  unreadCount,
  unsubscribeQuery,
  unsubscribeResult,
} from '../../../shared/api/notifications';
import type { AppContext } from '../../app-context';
import * as notifications from '../../domain/notifications/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { HANDLED } from '../../http/route';
import {
  presentNotification,
  presentUnsubscribe,
  unsubscribedPage,
  unsubscribePage,
} from './presenter';

export function notificationsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'notifications');
  const deps = { db: ctx.db };

  api.get(
    '/v2/notifications',
    {
      summary: "The signed-in user's notifications in the app, newest first (unread=true: unread)",
      access: 'self',
      query: notificationListQuery,
      response: paginated(notification),
    },
    async ({ user, query }) =>
      presentPage(await notifications.listNotifications(deps, user, query), presentNotification),
  );
  api.get(
    '/v2/notifications/unread-count',
    {
      summary: "How many of the signed-in user's notifications are unread (the bell's number)",
      access: 'self',
      response: unreadCount,
    },
    async ({ user }) => ({ count: await notifications.unreadCount(deps, user) }),
  );
  api.post(
    '/v2/notifications/read-all',
    {
      summary: "Mark all the signed-in user's notifications read (204)",
      access: 'self',
    },
    async ({ user }) => {
      await notifications.markAllRead(deps, user);
    },
  );
  api.post(
    '/v2/notifications/:id/read',
    {
      summary: "Mark one of the signed-in user's notifications read (204; anyone else's: 404)",
      access: 'self',
      params: idParams,
    },
    async ({ user, params }) => {
      await notifications.markRead(deps, user, params.id);
    },
  );
  api.get(
    '/v2/institutes/:id/notification-settings',
    {
      summary:
        "The signed-in user's notification settings in the institute: per kind in app on/off " +
        'and e-mail off, at once or in the daily digest (unset kinds: the role’s default)',
      access: 'read',
      params: idParams,
      response: notificationSettings,
    },
    ({ user, params }) => notifications.notificationSettings(deps, user, params.id),
  );
  api.put(
    '/v2/institutes/:id/notification-settings',
    {
      summary: "Set the signed-in user's settings for the kinds named; the others stay",
      access: 'read',
      params: idParams,
      body: notificationSettingsUpdate,
      response: notificationSettings,
    },
    ({ user, params, body }) =>
      notifications.updateNotificationSettings(deps, user, params.id, body),
  );
  api.public.get(
    '/v2/notifications/unsubscribe',
    {
      summary:
        "An e-mail's unsubscribe link: a page saying what it stops, with the button that does " +
        'it (opening the link changes nothing)',
      query: unsubscribeQuery,
      download: ['text/html'],
      errors: [404],
    },
    async ({ query, res }) => {
      const link = await notifications.unsubscribeLink(deps, query.token);
      res.type('html').send(unsubscribePage(link, query.token));
      return HANDLED;
    },
  );
  api.public.post(
    '/v2/notifications/unsubscribe',
    {
      summary:
        'One-click unsubscribe (RFC 8058, List-Unsubscribe-Post), no sign-in: e-mail off for the ' +
        "link's kinds in its organization; a browser is answered with a page",
      query: unsubscribeQuery,
      response: unsubscribeResult,
      errors: [404],
    },
    async ({ query, req, res }) => {
      const link = await notifications.unsubscribe(deps, query.token);
      if (req.accepts(['json', 'html']) === 'html') {
        res.type('html').send(unsubscribedPage(link));
        return HANDLED;
      }
      return presentUnsubscribe(link);
    },
  );
  return api.router;
}
