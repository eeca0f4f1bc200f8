import type { Role } from './roles';
import { addDays, zonedDay, zonedWallTime } from './time-zone';

/**
 * Notifications (line-monitoring.md §4): the kinds, what each role gets of them unless the user
 * says otherwise, when the daily digest goes and when a line is due for re-validation. The server
 * writes and sends them by these rules; the renderer's settings show the same defaults.
 */
export const NOTIFICATION_KINDS = [
  'event_opened',
  'revalidation_due',
  'validation_ready',
  'vial_silent',
  'processing_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a user wants a kind by e-mail: not at all, at once, or in the daily digest. */
export const EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** What a written notification still owes by e-mail: nothing, an e-mail at once, a digest line. */
export const EMAIL_STATES = ['none', 'immediate', 'digest'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export interface KindSetting {
  in_app: boolean;
  email: EmailMode;
}
export type NotificationSettings = Record<NotificationKind, KindSetting>;

/** Each kind in words: the settings' rows, the e-mails' subjects and the digest's headings. */
export const NOTIFICATION_KIND_WORDS: Record<NotificationKind, string> = {
  event_opened: 'A monitoring event opens',
  revalidation_due: 'A line is due for re-validation',
  validation_ready: 'A validation has all its records',
  vial_silent: 'A vial has stopped uploading',
  processing_failed: 'An uploaded run could not be processed',
};

const inApp = (email: EmailMode): KindSetting => ({ in_app: true, email });

/** The spec's table: owners and admins (and the provider's staff, as admins) … */
const MANAGER_DEFAULTS: NotificationSettings = {
  event_opened: inApp('immediate'),
  revalidation_due: inApp('digest'),
  validation_ready: inApp('immediate'),
  vial_silent: inApp('digest'),
  processing_failed: inApp('immediate'),
};

/** … and members and guests. */
const READER_DEFAULTS: NotificationSettings = {
  event_opened: inApp('off'),
  revalidation_due: inApp('off'),
  validation_ready: inApp('off'),
  vial_silent: { in_app: false, email: 'off' },
  processing_failed: inApp('off'),
};

/** What a role gets of each kind where the user has set nothing. */
export function defaultNotificationSettings(role: Role): NotificationSettings {
  const defaults = role === 'member' || role === 'guest' ? READER_DEFAULTS : MANAGER_DEFAULTS;
  return structuredClone(defaults);
}

/** The user's settings: their own where they set one, the role's default elsewhere. */
export function effectiveNotificationSettings(
  role: Role,
  own: Partial<Record<NotificationKind, KindSetting>>,
): NotificationSettings {
  const settings = defaultNotificationSettings(role);
  for (const kind of NOTIFICATION_KINDS) {
    const set = own[kind];
    if (set) settings[kind] = { in_app: set.in_app, email: set.email };
  }
  return settings;
}

/** The daily digest goes at 07:00 in the institute's time zone. */
export const DIGEST_HOUR = 7;

/**
 * The first digest strictly after `after` in the zone: today's 07:00 there if it is still to
 * come, otherwise tomorrow's. A notification written at `after` goes out with that digest.
 */
export function nextDigestAt(after: Date, timeZone: string): Date {
  const today = zonedDay(after, timeZone);
  const todays = zonedWallTime(today, DIGEST_HOUR, 0, timeZone);
  if (todays.getTime() > after.getTime()) return todays;
  return zonedWallTime(addDays(today, 1), DIGEST_HOUR, 0, timeZone);
}

/** A line is due for re-validation this long after its baseline validation started. */
export const REVALIDATION_MONTHS = 6;

/**
 * The day a line whose baseline validation started on `startDate` is due for re-validation:
 * 6 calendar months later, on the month's last day where it is shorter (31 August → 28 or 29
 * February).
 */
export function revalidationDueDay(startDate: string): string {
  const [y, m, d] = startDate.split('-').map(Number);
  const month = m - 1 + REVALIDATION_MONTHS;
  const lastDay = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** A vial is silent after this many days without an upload unless the institute says otherwise. */
export const DEFAULT_VIAL_SILENT_DAYS = 14;
export const MAX_VIAL_SILENT_DAYS = 365;
