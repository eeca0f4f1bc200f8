import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { EmailMode, EmailState, NotificationKind } from '../../shared/domain/notifications';
import { Institute } from './institute';
import { Line } from './line';
import { MonitoringEvent } from './monitoring-event';
import { TransitRecord } from './record';
import { User } from './user';
import { Validation } from './validation';
import { Vial } from './vial';

/**
 * One notification of one user (line-monitoring.md §4), written in the transaction of what caused
 * it. `inApp` says whether the bell shows it; `email` what it still owes by e-mail: `immediate`
 * rows are sent by a job queued in the same transaction, `digest` rows by the daily digest due at
 * `digestAt`; `emailedAt` is set once the mail server has accepted the e-mail.
 */
@Entity('notifications')
@Index(['userId', 'createdAt', 'id'])
@Index('IDX_notifications_unread', ['userId'], { where: 'read_at IS NULL AND in_app' })
@Index('IDX_notifications_digest_due', ['digestAt'], {
  where: `email = 'digest' AND emailed_at IS NULL`,
})
@Index('IDX_notifications_unsent', ['createdAt'], {
  where: `email = 'immediate' AND emailed_at IS NULL`,
})
export class Notification {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 32 })
  kind: NotificationKind;

  /** What it is about; a subject deleted since leaves the notification and its link. */
  @ManyToOne(() => Line, { nullable: true, onDelete: 'SET NULL' })
  line: Line | null;

  @Column({ type: 'int', nullable: true })
  lineId: number | null;

  @ManyToOne(() => MonitoringEvent, { nullable: true, onDelete: 'SET NULL' })
  event: MonitoringEvent | null;

  @Column({ type: 'int', nullable: true })
  eventId: number | null;

  @ManyToOne(() => Validation, { nullable: true, onDelete: 'SET NULL' })
  validation: Validation | null;

  @Column({ type: 'int', nullable: true })
  validationId: number | null;

  @ManyToOne(() => Vial, { nullable: true, onDelete: 'SET NULL' })
  vial: Vial | null;

  @Column({ type: 'int', nullable: true })
  vialId: number | null;

  @ManyToOne(() => TransitRecord, { nullable: true, onDelete: 'SET NULL' })
  record: TransitRecord | null;

  @Column({ type: 'int', nullable: true })
  recordId: number | null;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  /** The renderer's path to the thing (`/line/3/monitoring?event=7`); e-mails prefix PUBLIC_URL. */
  @Column({ type: 'varchar', length: 300 })
  link: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'boolean', default: true })
  inApp: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @Column({ type: 'varchar', length: 12, default: 'none' })
  email: EmailState;

  /** The digest this notification goes out with (07:00 institute time after it was written). */
  @Column({ type: 'timestamptz', nullable: true })
  digestAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  emailedAt: Date | null;
}

/** A user's choice for one kind in one institute; no row: the role's default. */
@Entity('notification_settings')
export class NotificationSetting {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  kind: NotificationKind;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'boolean' })
  inApp: boolean;

  @Column({ type: 'varchar', length: 12 })
  email: EmailMode;
}

/**
 * What has notified already, for the kinds that fire once: a validation ready, a baseline due for
 * re-validation, one silence of a vial. The key is inserted in the transaction that writes the
 * notifications, so of two transactions finding the same cause one notifies.
 */
@Entity('notification_causes')
export class NotificationCause {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  kind: NotificationKind;

  /** `validation:12`, `baseline:3:12` (line, validation), `silence:5:901` (vial, last record). */
  @PrimaryColumn({ type: 'varchar', length: 120 })
  subject: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/**
 * The key of an e-mail's unsubscribe link (RFC 8058): it switches e-mail off for these kinds of
 * this user in this institute, and can do nothing else. Stored hashed; it does not expire (an old
 * e-mail's link still works), used again it changes nothing more.
 */
@Entity('unsubscribe_tokens')
export class UnsubscribeToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 32, array: true })
  kinds: NotificationKind[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
