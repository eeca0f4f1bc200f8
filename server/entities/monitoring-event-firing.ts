import { Column, Entity, Index, ManyToOne, PrimaryColumn } from 'typeorm';
import { MonitoringEvent } from './monitoring-event';
import { TransitRecord } from './record';

/**
 * An alarm's firing at a record that processing opened an event with, or counted on the event of
 * its (line, rule) already open or acknowledged (line-monitoring.md §3): what lets the chart say
 * of each firing whether, and how, it reached an event (issue 44). Written with the event, in the
 * same statement (openOrAddToEvent).
 */
@Entity('monitoring_event_firings')
@Index(['eventId'])
export class MonitoringEventFiring {
  @PrimaryColumn({ type: 'int' })
  recordId: number;

  @PrimaryColumn({ type: 'int' })
  eventId: number;

  @ManyToOne(() => TransitRecord, { onDelete: 'CASCADE' })
  record: TransitRecord;

  @ManyToOne(() => MonitoringEvent, { onDelete: 'CASCADE' })
  event: MonitoringEvent;

  /** This firing opened the event (else it was counted on it). */
  @Column({ type: 'boolean' })
  opened: boolean;
}
