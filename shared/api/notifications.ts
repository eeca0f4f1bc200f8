import { z } from 'zod';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '../domain/notifications';
import { orderedPageQuery, out, queryBoolean, text } from './common';

/** The signed-in user's notifications, newest first; `unread=true` leaves out the read ones. */
export const NOTIFICATION_ORDERINGS = ['created_at', 'id'] as const;
export const notificationListQuery = orderedPageQuery(NOTIFICATION_ORDERINGS).extend({
  unread: queryBoolean.optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

export const notification = z.object({
  id: out.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  institute: out.int(),
  created_at: out.text(),
  read_at: out.text().nullable(),
  title: out.text(),
  /** The app's path to what it is about, e.g. `/line/3/monitoring?event=7`. */
  link: out.text(),
});
export type NotificationDto = z.infer<typeof notification>;

export const unreadCount = z.object({ count: out.int() });
export type UnreadCount = z.infer<typeof unreadCount>;

const kindSetting = z.object({ in_app: z.boolean(), email: z.enum(EMAIL_MODES) });

const perKind = <T extends z.ZodType>(setting: T) =>
  z.object({
    event_opened: setting,
    revalidation_due: setting,
    validation_ready: setting,
    vial_silent: setting,
    processing_failed: setting,
  });

/** The user's settings in one institute: every kind, their own choice or the role's default. */
export const notificationSettings = perKind(kindSetting);
export type NotificationSettingsDto = z.infer<typeof notificationSettings>;

/** A PUT names the kinds it sets; the others keep what they were. */
export const notificationSettingsUpdate = perKind(kindSetting.optional());
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdate>;

/** The token of an e-mail's unsubscribe link (RFC 8058 one-click, no sign-in). */
export const unsubscribeQuery = z.object({
  token: text().min(1, 'The link has no token.').max(128, 'This unsubscribe link is not valid.'),
});
export const UNSUBSCRIBE_LINK_UNKNOWN = 'This unsubscribe link is not valid.';

/** What an unsubscribe link switches off: e-mail of these kinds from this organization. */
export const unsubscribeResult = z.object({
  institute: out.int(),
  institute_name: out.text(),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  email: z.literal('off'),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;
