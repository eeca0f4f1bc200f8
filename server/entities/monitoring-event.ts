import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { MonitoringRule, RuleSide } from '../../shared/domain/monitoring-rules';
import type { EventStatus } from '../../shared/domain/event-words';
import { Institute } from './institute';
import { Line } from './line';
import { TransitRecord } from './record';
import { User } from './user';

/**
 * A control rule's alarm on a line that a person looks at and closes (line-monitoring.md §3).
 * At most one event per (line, rule) is not closed: the partial unique index is what lets two
 * records processed at once add to one event instead of opening two.
 */
@Entity('monitoring_events')
@Index('IDX_monitoring_events_unclosed', ['lineId', 'rule'], {
  unique: true,
  where: `status <> 'closed'`,
})
@Index(['lineId', 'openedAt'])
@Index(['status', 'openedAt'])
@Index(['instituteId', 'openedAt', 'id'])
export class MonitoringEvent {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Line, { onDelete: 'CASCADE' })
  line: Line;

  @Column({ type: 'int' })
  lineId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  /**
   * Its line's institute, set by the database on insert (migration EventInstitutes): the
   * institute's list reads its newest events from one index instead of every line's.
   */
  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 16 })
  rule: MonitoringRule;

  /** The side of its first firing. */
  @Column({ type: 'varchar', length: 5 })
  side: RuleSide;

  @Column({ type: 'varchar', length: 12, default: 'open' })
  status: EventStatus;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  openedAt: Date;

  @ManyToOne(() => TransitRecord, { nullable: true, onDelete: 'SET NULL' })
  firstRecord: TransitRecord | null;

  @Column({ type: 'int', nullable: true })
  firstRecordId: number | null;

  @ManyToOne(() => TransitRecord, { nullable: true, onDelete: 'SET NULL' })
  lastRecord: TransitRecord | null;

  @Column({ type: 'int', nullable: true })
  lastRecordId: number | null;

  @Column({ type: 'int', default: 1 })
  occurrences: number;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  acknowledgedBy: User | null;

  @Column({ type: 'int', nullable: true })
  acknowledgedById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  acknowledgedAt: Date | null;

  /** What the person who acknowledged it wrote, if anything (issue 44). */
  @Column({ type: 'text', nullable: true })
  acknowledgeNote: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  closedBy: User | null;

  @Column({ type: 'int', nullable: true })
  closedById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  resolution: string | null;
}
