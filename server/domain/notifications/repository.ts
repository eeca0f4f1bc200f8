import type { EntityManager } from 'typeorm';
import type { NotificationListQuery } from '../../../shared/api/notifications';
import type {
  EmailMode,
  KindSetting,
  NotificationKind,
} from '../../../shared/domain/notifications';
import type { Role } from '../../../shared/domain/roles';
import { newSecret, sha256Hex } from '../../auth/secrets';
import { Notification, NotificationSetting, UnsubscribeToken } from '../../entities/notification';
import { paginate } from '../pagination';

/** A user of an institute, as notifications are addressed: role and own settings there. */
export interface Recipient {
  userId: number;
  role: Role;
  isStaff: boolean;
  own: Partial<Record<NotificationKind, KindSetting>>;
}

/**
 * The users of the institute who can sign in (active, registered), with their settings there.
 * The provider's staff count where they are members, not in every institute they may see.
 */
export async function recipientsOf(
  manager: EntityManager,
  instituteId: number,
): Promise<Recipient[]> {
  const rows: {
    id: number;
    role: Role;
    is_staff: boolean;
    kind: NotificationKind | null;
    in_app: boolean | null;
    email: EmailMode | null;
  }[] = await manager.query(
    `SELECT u.id, u.role, u.is_staff, s.kind, s.in_app, s.email
       FROM user_institutes ui
       JOIN users u ON u.id = ui.user_id
       LEFT JOIN notification_settings s ON s.user_id = u.id AND s.institute_id = ui.institute_id
      WHERE ui.institute_id = $1 AND u.is_active AND u.password_hash IS NOT NULL
      ORDER BY u.id`,
    [instituteId],
  );
  const byUser = new Map<number, Recipient>();
  for (const row of rows) {
    let recipient = byUser.get(row.id);
    if (!recipient) {
      recipient = { userId: row.id, role: row.role, isStaff: row.is_staff, own: {} };
      byUser.set(row.id, recipient);
    }
    if (row.kind) recipient.own[row.kind] = { in_app: row.in_app!, email: row.email! };
  }
  return [...byUser.values()];
}

export const instituteTimeZone = async (manager: EntityManager, instituteId: number) =>
  (
    (await manager.query(`SELECT timezone FROM institutes WHERE id = $1`, [instituteId])) as {
      timezone: string;
    }[]
  )[0]?.timezone ?? 'UTC';

export type NewNotification = Pick<
  Notification,
  | 'userId'
  | 'instituteId'
  | 'kind'
  | 'title'
  | 'link'
  | 'createdAt'
  | 'inApp'
  | 'email'
  | 'digestAt'
  | 'lineId'
  | 'eventId'
  | 'validationId'
  | 'vialId'
  | 'recordId'
>;

/** Writes the notifications; answers each one's id and e-mail state. */
export async function insertNotifications(manager: EntityManager, rows: NewNotification[]) {
  if (!rows.length) return [];
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(Notification)
    .values(rows)
    .returning(['id', 'email'])
    .execute();
  return result.raw as { id: number; email: Notification['email'] }[];
}

/**
 * Records that this cause has notified: true the first time, false ever after. Of two
 * transactions claiming one cause at once, the second waits for the first and gets false if it
 * commits (and true if it rolls back, as it should).
 */
export async function claimCause(
  manager: EntityManager,
  kind: NotificationKind,
  subject: string,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO notification_causes (kind, subject) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING kind`,
    [kind, subject],
  );
  return rows.length > 0;
}

const ORDERINGS = { created_at: 'n.createdAt', id: 'n.id' };

/** A page of the user's in-app notifications, newest first unless ordered. */
export function pageOfNotifications(
  manager: EntityManager,
  userId: number,
  q: NotificationListQuery,
) {
  const qb = manager
    .getRepository(Notification)
    .createQueryBuilder('n')
    .where('n.user_id = :userId AND n.in_app', { userId });
  if (q.unread === true) qb.andWhere('n.read_at IS NULL');
  if (q.unread === false) qb.andWhere('n.read_at IS NOT NULL');
  return paginate(qb, q, ORDERINGS, '-created_at');
}

export async function countUnread(manager: EntityManager, userId: number): Promise<number> {
  const [row]: { n: number }[] = await manager.query(
    `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND in_app AND read_at IS NULL`,
    [userId],
  );
  return row.n;
}

/** Marks the user's in-app notification read (once: the first time stays). False: none such. */
export async function markRead(manager: EntityManager, userId: number, id: number) {
  const rows: unknown[] = await manager.query(
    `UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = $1 AND user_id = $2 AND in_app RETURNING id`,
    [id, userId],
  );
  // TypeORM answers an UPDATE … RETURNING with [rows, rowCount].
  return (rows[1] as number) > 0;
}

export async function markAllRead(manager: EntityManager, userId: number) {
  await manager.query(
    `UPDATE notifications SET read_at = now() WHERE user_id = $1 AND in_app AND read_at IS NULL`,
    [userId],
  );
}

export const settingsOf = (manager: EntityManager, userId: number, instituteId: number) =>
  manager.getRepository(NotificationSetting).findBy({ userId, instituteId });

/** Sets the user's choice for each kind given (one row per kind, replaced). */
export async function saveSettings(
  manager: EntityManager,
  userId: number,
  instituteId: number,
  settings: Partial<Record<NotificationKind, KindSetting>>,
) {
  const rows = Object.entries(settings).map(([kind, s]) => ({
    userId,
    instituteId,
    kind: kind as NotificationKind,
    inApp: s.in_app,
    email: s.email,
  }));
  if (!rows.length) return;
  await manager
    .createQueryBuilder()
    .insert()
    .into(NotificationSetting)
    .values(rows)
    .orUpdate(['in_app', 'email'], ['user_id', 'institute_id', 'kind'])
    .execute();
  // E-mail switched off: what these kinds still owed is not sent either (a digest's lines).
  const off = rows.filter((r) => r.email === 'off').map((r) => r.kind);
  if (off.length) {
    await manager.query(
      `UPDATE notifications SET email = 'none', digest_at = NULL
        WHERE user_id = $1 AND institute_id = $2 AND kind = ANY($3)
          AND email <> 'none' AND emailed_at IS NULL`,
      [userId, instituteId, off],
    );
  }
}

/** Switches e-mail off for these kinds, keeping in-app as it is (the role's default if unset). */
export async function emailOff(
  manager: EntityManager,
  userId: number,
  instituteId: number,
  kinds: NotificationKind[],
  inApp: (kind: NotificationKind) => boolean,
) {
  await saveSettings(
    manager,
    userId,
    instituteId,
    Object.fromEntries(kinds.map((k) => [k, { in_app: inApp(k), email: 'off' as const }])),
  );
}

/** A new unsubscribe link key for these kinds; only its hash is stored. */
export async function createUnsubscribeToken(
  manager: EntityManager,
  userId: number,
  instituteId: number,
  kinds: NotificationKind[],
): Promise<string> {
  const token = newSecret();
  await manager
    .getRepository(UnsubscribeToken)
    .insert({ tokenHash: sha256Hex(token), userId, instituteId, kinds });
  return token;
}

export const findUnsubscribeToken = (manager: EntityManager, token: string) =>
  manager.getRepository(UnsubscribeToken).findOne({
    where: { tokenHash: sha256Hex(token) },
    relations: { institute: true, user: true },
  });
