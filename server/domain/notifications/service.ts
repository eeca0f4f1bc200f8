import type { DataSource, EntityManager } from 'typeorm';
import {
  UNSUBSCRIBE_LINK_UNKNOWN,
  type NotificationListQuery,
  type NotificationSettingsUpdate,
} from '../../../shared/api/notifications';
import {
  effectiveNotificationSettings,
  nextDigestAt,
  type EmailMode,
  type NotificationKind,
  type NotificationSettings,
} from '../../../shared/domain/notifications';
import { effectiveRole } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { Notification } from '../../entities/notification';
import type { RecordQueue } from '../../pipeline/queue';
import { notFound } from '../errors';
import type { Page } from '../pagination';
import { authorize } from '../policy';
import * as repo from './repository';

/** What writing notifications needs besides the cause's transaction: the mail jobs' queue. */
export type MailJobs = Pick<RecordQueue, 'enqueueNotificationMails'>;

/** What a notification is about: its kind, institute, words, link and subject ids. */
export interface Cause {
  kind: NotificationKind;
  instituteId: number;
  title: string;
  /** The app's path to the thing. */
  link: string;
  lineId?: number | null;
  eventId?: number | null;
  validationId?: number | null;
  vialId?: number | null;
  recordId?: number | null;
  /** When it happened (the scheduled job's clock); now unless given. */
  at?: Date;
}

/** Who a notification reached: in app, and by e-mail at once or in the digest (or not). */
export interface Notified {
  userId: number;
  inApp: boolean;
  email: EmailMode;
}

const TITLE_MAX = 300;
const clip = (text: string) =>
  text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;

/**
 * Writes the cause's notification for each user of its institute who wants it, in app or by
 * e-mail, in the transaction of `manager` (the cause's own: rolled back with it), and queues the
 * e-mails due at once in that same transaction. Digest e-mails wait for the next 07:00 in the
 * institute's zone. Answers who was notified and how.
 */
export async function notify(
  manager: EntityManager,
  queue: MailJobs,
  cause: Cause,
): Promise<Notified[]> {
  const at = cause.at ?? new Date();
  const recipients = await repo.recipientsOf(manager, cause.instituteId);
  const zone = await repo.instituteTimeZone(manager, cause.instituteId);
  const rows: repo.NewNotification[] = [];
  for (const r of recipients) {
    const role = effectiveRole({ role: r.role, isStaff: r.isStaff });
    const setting = effectiveNotificationSettings(role, r.own)[cause.kind];
    if (!setting.in_app && setting.email === 'off') continue;
    rows.push({
      userId: r.userId,
      instituteId: cause.instituteId,
      kind: cause.kind,
      title: clip(cause.title),
      link: cause.link,
      createdAt: at,
      inApp: setting.in_app,
      email: setting.email === 'off' ? 'none' : setting.email,
      digestAt: setting.email === 'digest' ? nextDigestAt(at, zone) : null,
      lineId: cause.lineId ?? null,
      eventId: cause.eventId ?? null,
      validationId: cause.validationId ?? null,
      vialId: cause.vialId ?? null,
      recordId: cause.recordId ?? null,
    });
  }
  const written = await repo.insertNotifications(manager, rows);
  await queue.enqueueNotificationMails(
    manager,
    written.filter((n) => n.email === 'immediate').map((n) => n.id),
  );
  return rows.map((row) => ({
    userId: row.userId,
    inApp: row.inApp,
    email: row.email === 'none' ? 'off' : row.email,
  }));
}

/**
 * `notify` once for a cause that fires once (a validation ready, a baseline due, one silence):
 * nothing when `subject` has notified before. True when it notified now.
 */
export async function notifyOnce(
  manager: EntityManager,
  queue: MailJobs,
  subject: string,
  cause: Cause,
): Promise<boolean> {
  if (!(await repo.claimCause(manager, cause.kind, subject))) return false;
  await notify(manager, queue, cause);
  return true;
}

export interface NotificationDeps {
  db: DataSource;
}

export async function listNotifications(
  { db }: NotificationDeps,
  user: AuthUser,
  q: NotificationListQuery,
): Promise<Page<Notification>> {
  return repo.pageOfNotifications(db.manager, user.id, q);
}

export const unreadCount = ({ db }: NotificationDeps, user: AuthUser) =>
  repo.countUnread(db.manager, user.id);

/** Marks one of the user's own notifications read; anyone else's is not found. */
export async function markRead({ db }: NotificationDeps, user: AuthUser, id: number) {
  if (!(await repo.markRead(db.manager, user.id, id))) throw notFound();
}

export async function markAllRead({ db }: NotificationDeps, user: AuthUser) {
  await repo.markAllRead(db.manager, user.id);
}

/** The user's settings in an institute they may see: their own choices, the role's elsewhere. */
export async function notificationSettings(
  { db }: NotificationDeps,
  user: AuthUser,
  instituteId: number,
): Promise<NotificationSettings> {
  authorize(user, 'read', instituteId);
  return settingsOf(db.manager, user, instituteId);
}

async function settingsOf(manager: EntityManager, user: AuthUser, instituteId: number) {
  const own = await repo.settingsOf(manager, user.id, instituteId);
  return effectiveNotificationSettings(
    user.role,
    Object.fromEntries(own.map((s) => [s.kind, { in_app: s.inApp, email: s.email }])),
  );
}

/** Sets the kinds the body names; the others keep the user's choice or the role's default. */
export async function updateNotificationSettings(
  deps: NotificationDeps,
  user: AuthUser,
  instituteId: number,
  body: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  authorize(user, 'read', instituteId);
  const given = Object.fromEntries(Object.entries(body).filter(([, s]) => s !== undefined));
  await repo.saveSettings(deps.db.manager, user.id, instituteId, given);
  return settingsOf(deps.db.manager, user, instituteId);
}

/** What an unsubscribe link is for: its user, institute and kinds (404 for an unknown link). */
export async function unsubscribeLink({ db }: NotificationDeps, token: string) {
  const link = await repo.findUnsubscribeToken(db.manager, token);
  if (!link) throw notFound(UNSUBSCRIBE_LINK_UNKNOWN);
  return link;
}

/**
 * The one-click unsubscribe (RFC 8058), signed out: e-mail off for the link's kinds of its user in
 * its institute, in-app left as it was. It does nothing else, and again changes nothing more.
 */
export async function unsubscribe(deps: NotificationDeps, token: string) {
  const link = await unsubscribeLink(deps, token);
  await deps.db.transaction(async (manager) => {
    const own = await repo.settingsOf(manager, link.userId, link.instituteId);
    const current = effectiveNotificationSettings(
      effectiveRole(link.user),
      Object.fromEntries(own.map((s) => [s.kind, { in_app: s.inApp, email: s.email }])),
    );
    await repo.emailOff(
      manager,
      link.userId,
      link.instituteId,
      link.kinds,
      (kind) => current[kind].in_app,
    );
  });
  return link;
}
