import type { DataSource, EntityManager } from 'typeorm';
import {
  NOTIFICATION_KIND_WORDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../../shared/domain/notifications';
import type { Mailer } from '../../mail/mailer';
import { digestMail, notificationMail, type NotificationLine } from '../../mail/templates';
import { createUnsubscribeToken } from './repository';

/** What sending notification e-mails needs: the rows, a mail server, the app's address. */
export interface MailDeps {
  db: DataSource;
  mailer: Mailer;
  publicUrl: string;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The user's address when they may still read the institute (active and a member), else null. */
async function addressee(manager: EntityManager, userId: number, instituteId: number) {
  const [row]: { email: string; institute: string }[] = await manager.query(
    `SELECT u.email, i.name AS institute FROM users u
       JOIN user_institutes ui ON ui.user_id = u.id AND ui.institute_id = $2
       JOIN institutes i ON i.id = ui.institute_id
      WHERE u.id = $1 AND u.is_active`,
    [userId, instituteId],
  );
  return row ?? null;
}

/**
 * The e-mail's unsubscribe key, committed before the e-mail goes (outside the sending
 * transaction): its link works the moment the e-mail arrives. A key whose e-mail then fails is
 * known to no one.
 */
const linkKey = (deps: MailDeps, userId: number, instituteId: number, kinds: NotificationKind[]) =>
  createUnsubscribeToken(deps.db.manager, userId, instituteId, kinds);

/** An e-mail that will not go: its user left the institute or was deactivated since. */
const dropEmail = (manager: EntityManager, ids: number[]) =>
  manager.query(`UPDATE notifications SET email = 'none', digest_at = NULL WHERE id = ANY($1)`, [
    ids,
  ]);

const markEmailed = (manager: EntityManager, ids: number[]) =>
  manager.query(`UPDATE notifications SET emailed_at = now() WHERE id = ANY($1)`, [ids]);

/**
 * Sends one notification's e-mail at once (the job its transaction queued). The row is locked
 * while it is sent and marked sent in the same transaction once the mail server has accepted
 * it: a second job for it skips it, a failure leaves it unsent for the retry, and only a crash
 * between the server's acceptance and the commit sends it twice.
 */
export async function sendNotificationMail(
  deps: MailDeps,
  notificationId: number,
): Promise<'sent' | 'skipped'> {
  return deps.db.transaction(async (manager) => {
    const [n]: {
      id: number;
      kind: NotificationKind;
      title: string;
      link: string;
      user_id: number;
      institute_id: number;
    }[] = await manager.query(
      `SELECT id, kind, title, link, user_id, institute_id FROM notifications
        WHERE id = $1 AND email = 'immediate' AND emailed_at IS NULL
        FOR UPDATE SKIP LOCKED`,
      [notificationId],
    );
    if (!n) return 'skipped';
    const to = await addressee(manager, n.user_id, n.institute_id);
    if (!to) {
      await dropEmail(manager, [n.id]);
      return 'skipped';
    }
    const token = await linkKey(deps, n.user_id, n.institute_id, [n.kind]);
    await deps.mailer.send(
      notificationMail(
        to.email,
        to.institute,
        NOTIFICATION_KIND_WORDS[n.kind],
        { title: n.title, url: deps.publicUrl + n.link },
        unsubscribeUrl(deps.publicUrl, token),
      ),
    );
    await markEmailed(manager, [n.id]);
    return 'sent';
  });
}

/** A digest lists this many notifications; the rest are counted. */
const DIGEST_LINES = 100;

/**
 * Sends the user's digest of the institute: every digest notification due by `upTo` and not yet
 * e-mailed, grouped by kind, in one e-mail; none when there is nothing. Sent as one e-mail is.
 */
export async function sendDigest(
  deps: MailDeps,
  userId: number,
  instituteId: number,
  upTo: Date,
): Promise<'sent' | 'empty' | 'skipped'> {
  return deps.db.transaction(async (manager) => {
    const rows: { id: number; kind: NotificationKind; title: string; link: string }[] =
      await manager.query(
        `SELECT id, kind, title, link FROM notifications
          WHERE user_id = $1 AND institute_id = $2 AND email = 'digest' AND emailed_at IS NULL
            AND digest_at <= $3
          ORDER BY created_at, id
          FOR UPDATE SKIP LOCKED`,
        [userId, instituteId, upTo],
      );
    if (!rows.length) return 'empty';
    const ids = rows.map((r) => r.id);
    const to = await addressee(manager, userId, instituteId);
    if (!to) {
      await dropEmail(manager, ids);
      return 'skipped';
    }
    const listed = rows.slice(0, DIGEST_LINES);
    const kinds = NOTIFICATION_KINDS.filter((k) => rows.some((r) => r.kind === k));
    const groups = kinds
      .map((kind) => ({
        kindWords: NOTIFICATION_KIND_WORDS[kind],
        lines: listed
          .filter((r) => r.kind === kind)
          .map((r): NotificationLine => ({ title: r.title, url: deps.publicUrl + r.link })),
      }))
      .filter((g) => g.lines.length);
    const token = await linkKey(deps, userId, instituteId, kinds);
    await deps.mailer.send(
      digestMail(
        to.email,
        to.institute,
        groups,
        rows.length - listed.length,
        unsubscribeUrl(deps.publicUrl, token),
      ),
    );
    await markEmailed(manager, ids);
    return 'sent';
  });
}
