import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { MessageSource, MessageState, ResultState } from '../../shared/api/lab-feed';
import type {
  Comparator,
  LabFeedAnalyte,
  PendingReason,
  ResultAction,
  ResultFlag,
  ResultStatus,
} from '../../shared/domain/lab-feed';
import { Institute } from './institute';
import { Line } from './line';

/**
 * An organization's sample key (lab-feed.md section 4): 32 random bytes made at its first
 * message, encrypted with SSO_SECRET_KEY; never answered, logged or exported.
 */
@Entity('lab_feed_keys')
export class LabFeedKey {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'text' })
  keyEncrypted: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** One reason a message was rejected (section 8). */
export interface StoredReason {
  reason: string;
  location: string;
  message: string;
}

/**
 * A message or bundle received (section 8): accepted ones stay (their (sending facility, control
 * id) answers resends: a unique partial index made by migration LabFeed), rejected ones keep
 * their extract until `expiresAt`. Its text is never kept: its SHA-256 and size are.
 */
@Entity('lab_feed_messages')
@Index('IDX_lab_feed_messages_institute', ['instituteId', 'id'])
@Index('UQ_lab_feed_messages_accepted', { synchronize: false })
@Index('IDX_lab_feed_messages_expires', { synchronize: false })
export class LabFeedMessage {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 8 })
  source: MessageSource;

  @Column({ type: 'varchar', length: 16 })
  state: MessageState;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ type: 'text', default: '' })
  sendingFacility: string;

  @Column({ type: 'text', default: '' })
  controlId: string;

  @Column({ type: 'text', default: '' })
  messageType: string;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'int' })
  size: number;

  @Column({ type: 'int', default: 0 })
  resultsFiled: number;

  @Column({ type: 'int', default: 0 })
  resultsPending: number;

  @Column({ type: 'int', default: 0 })
  resultsIgnored: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  reasons: StoredReason[];

  /** What sections 2.1 and 3 read (sample ids hashed), kept while rejected, for a retry. */
  @Column({ type: 'jsonb', nullable: true })
  extract: unknown;

  @Column({ type: 'int', default: 0 })
  retries: number;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}

/** A sending location's code → a line, or null: its results are ignored (section 6). */
@Entity('lab_feed_locations')
@Index('UQ_lab_feed_locations_code', ['instituteId', 'code'], { unique: true })
export class LabFeedLocation {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'text' })
  code: string;

  @ManyToOne(() => Line, { nullable: true, onDelete: 'CASCADE' })
  line: Line | null;

  @Column({ type: 'int', nullable: true })
  lineId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A result code → an analyte (null: ignored), with its own unit factors (section 6). */
@Entity('lab_feed_codes')
@Index('UQ_lab_feed_codes_code', ['instituteId', 'system', 'code'], { unique: true })
export class LabFeedCode {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'text' })
  system: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  analyte: LabFeedAnalyte | null;

  /** Normalised unit → factor to the analyte's canonical unit. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  units: Record<string, number>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * One incoming result (sections 4 and 5), kept in arrival order with what it did (`action`), so
 * that a mapping's change replays a sample's results; at most one is current per sample and
 * analyte (a unique partial index made by migration LabFeed). Nothing of the patient.
 */
@Entity('lab_feed_results')
@Index('IDX_lab_feed_results_sample', ['instituteId', 'sampleKey', 'analyte', 'arrival'])
@Index('IDX_lab_feed_results_location', ['instituteId', 'location'])
@Index('IDX_lab_feed_results_code', ['instituteId', 'codeSystem', 'code'])
@Index('IDX_lab_feed_results_message', ['messageId'])
@Index('UQ_lab_feed_results_current', { synchronize: false })
@Index('IDX_lab_feed_results_line', { synchronize: false })
@Index('IDX_lab_feed_results_pending', { synchronize: false })
export class LabFeedResult {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  /** HMAC-SHA256 of the sample id under the organization's key, hex. */
  @Column({ type: 'text' })
  sampleKey: string;

  @Column({ type: 'text', nullable: true })
  analyte: LabFeedAnalyte | null;

  @ManyToOne(() => Line, { nullable: true, onDelete: 'SET NULL' })
  line: Line | null;

  @Column({ type: 'int', nullable: true })
  lineId: number | null;

  @Column({ type: 'text' })
  location: string;

  @Column({ type: 'text' })
  codeSystem: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text' })
  codeText: string;

  /** The other codes sent for the result ({system, code}), looked up after the first. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  codeAlternates: { system: string; code: string }[];

  @Column({ type: 'text', nullable: true })
  valueSent: string | null;

  @Column({ type: 'text', nullable: true })
  unitSent: string | null;

  /** The number sent, before the unit factor. */
  @Column({ type: 'double precision', nullable: true })
  numberSent: number | null;

  @Column({ type: 'double precision', nullable: true })
  value: number | null;

  @Column({ type: 'text', nullable: true })
  comparator: Comparator | null;

  @Column({ type: 'text', nullable: true })
  flag: ResultFlag | null;

  @Column({ type: 'text' })
  action: ResultAction;

  @Column({ type: 'text' })
  status: ResultStatus;

  @Column({ type: 'text' })
  state: ResultState;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  pendingReasons: PendingReason[];

  @Column({ type: 'boolean', default: false })
  isCurrent: boolean;

  @Column({ type: 'timestamptz' })
  sampledAt: Date;

  @Column({ type: 'timestamptz' })
  receivedAt: Date;

  @Column({ type: 'text' })
  source: MessageSource;

  @ManyToOne(() => LabFeedMessage, { onDelete: 'CASCADE' })
  message: LabFeedMessage;

  @Column({ type: 'bigint' })
  messageId: string;

  @Column({ type: 'bigint' })
  arrival: string;
}

/** An organization's counts of one local date of receipt (section 8's status). */
@Entity('lab_feed_days')
export class LabFeedDay {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @PrimaryColumn({ type: 'date' })
  date: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int', default: 0 })
  accepted: number;

  @Column({ type: 'int', default: 0 })
  duplicates: number;

  @Column({ type: 'int', default: 0 })
  rejected: number;

  @Column({ type: 'int', default: 0 })
  retried: number;

  @Column({ type: 'int', default: 0 })
  tests: number;

  @Column({ type: 'int', default: 0 })
  resultsFiled: number;

  @Column({ type: 'int', default: 0 })
  resultsPending: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastMessageAt: Date | null;
}
