import { formatDistanceStrict } from 'date-fns';
import type {
  NotificationSettingsDto,
  NotificationSettingsUpdate,
} from '../../../shared/api/notifications';
import {
  NOTIFICATION_KINDS,
  type EmailMode,
  type NotificationKind,
} from '../../../shared/domain/notifications';
import { formatDate } from '../../lib/format';

/** The e-mail choices as the settings show them. */
export const EMAIL_MODE_WORDS: Record<EmailMode, string> = {
  off: 'Off',
  immediate: 'At once',
  digest: 'Daily digest',
};

/** The bell's name: the count in words, so a screen reader hears what the badge shows. */
export const bellLabel = (unread: number): string =>
  unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

/**
 * Where a notification leads: the app's own path, as the server writes it. Anything else (another
 * site, a protocol-relative `//host`) leads to the dashboard rather than off the app.
 */
export const appPath = (link: string): string =>
  link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : '/dashboard';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * When a notification came: '5 minutes ago' within the week, its date (`dd MMM yyyy`) before
 * that; under a minute, 'just now'.
 */
export function whenText(createdAt: string, now: Date = new Date()): string {
  const at = new Date(createdAt);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(age)) return formatDate(createdAt);
  if (age < 60_000) return 'just now';
  if (age >= WEEK_MS) return formatDate(at);
  return formatDistanceStrict(at, now, { addSuffix: true, roundingMethod: 'floor' });
}

/** What a save sends: only the kinds whose setting differs from what the server has. */
export function changedSettings(
  saved: NotificationSettingsDto,
  draft: NotificationSettingsDto,
): NotificationSettingsUpdate {
  const changes: NotificationSettingsUpdate = {};
  for (const kind of NOTIFICATION_KINDS) {
    const [was, now] = [saved[kind], draft[kind]];
    if (was.in_app !== now.in_app || was.email !== now.email) changes[kind] = { ...now };
  }
  return changes;
}

export const changedKinds = (update: NotificationSettingsUpdate): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => update[kind] !== undefined);
