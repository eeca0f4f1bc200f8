import { Column, Entity, PrimaryColumn } from 'typeorm';

/*
 * Tallies of the records table that the dashboard shows, kept by the database itself: statement
 * triggers on `records` (and on an institute's time zone) add each statement's change in the same
 * transaction, whatever wrote it (upload, processing, review, bulk edit, staff edit, a line or
 * institute removed). Migration RecordTallies defines the triggers; nothing else writes here.
 */

/**
 * An institute's records per combination of the list's flags: the records summary, and the exact
 * `total` of a list filtered by these flags only (the To Review and Reviewed tabs).
 */
@Entity('record_counts')
export class RecordCounts {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @PrimaryColumn({ type: 'boolean' })
  isProcessed: boolean;

  @PrimaryColumn({ type: 'boolean' })
  isReviewed: boolean;

  @PrimaryColumn({ type: 'boolean' })
  exclude: boolean;

  @PrimaryColumn({ type: 'boolean' })
  hidden: boolean;

  @Column({ type: 'int', default: 0 })
  count: number;
}

/** An institute's visible records per calendar day in its time zone: the activity heat map. */
@Entity('record_days')
export class RecordDay {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'int', default: 0 })
  count: number;
}
