import { Column, Entity, ManyToOne, PrimaryColumn } from 'typeorm';
import { Line } from './line';

/*
 * Tallies of the records table that the dashboard and the lines show, kept by the database itself:
 * statement triggers on `records` (and on an institute's time zone) add each statement's change in the
 * same transaction, whatever wrote it (upload, processing, review, bulk edit, staff edit, a line or
 * institute removed). Migrations RecordTallies, LineTallies and LineOutOfRangeCounts define the
 * triggers; nothing else writes here but the lines' recount of an out-of-range count.
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

/**
 * Sums over a line's included records (shared/domain/included-record.ts), from which its line
 * statistics follow without reading the records: count, sums and sums of squares of VitalMetric,
 * AUC at 225 Hz and power, the mean kinetic temperature's count and sum, and each analyte's
 * rejection probability summed. Exact `numeric` sums: adding and removing records for years
 * leaves no rounding behind, and the variance taken from them (n·Σx² − (Σx)², exact) loses
 * nothing to cancellation. Each value enters as float8 → numeric, 15 significant digits.
 */
@Entity('line_tallies')
export class LineTally {
  @PrimaryColumn({ type: 'int' })
  lineId: number;

  @ManyToOne(() => Line, { onDelete: 'CASCADE' })
  line: Line;

  @Column({ type: 'int', default: 0 })
  n: number;

  @Column({ type: 'numeric', default: 0 })
  sumAuc: string;

  @Column({ type: 'numeric', default: 0 })
  sumAucSquares: string;

  @Column({ type: 'numeric', default: 0 })
  sumAuc225: string;

  @Column({ type: 'numeric', default: 0 })
  sumAuc225Squares: string;

  @Column({ type: 'numeric', default: 0 })
  sumPower: string;

  @Column({ type: 'numeric', default: 0 })
  sumPowerSquares: string;

  /** Included records that have a mean kinetic temperature. */
  @Column({ type: 'int', default: 0 })
  nTemperature: number;

  @Column({ type: 'numeric', default: 0 })
  sumTemperature: string;

  @Column({ type: 'numeric', default: 0 })
  sumLdh: string;

  @Column({ type: 'numeric', default: 0 })
  sumAsat: string;

  @Column({ type: 'numeric', default: 0 })
  sumPotassium: string;

  /*
   * The line's out-of-range count (vial-data.md) as last counted against this range and date (the
   * baseline's range and completion then; all null: never counted). The triggers keep the count
   * exact for this key; the lines recount when their baseline gives another (lines/service).
   */
  @Column({ type: 'double precision', nullable: true })
  oorLower: number | null;

  @Column({ type: 'double precision', nullable: true })
  oorUpper: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  oorSince: Date | null;

  /** Included records dated after `oorSince` whose VitalMetric lies outside the range. */
  @Column({ type: 'int', default: 0 })
  oorCount: number;
}

/**
 * A number that changes whenever anything the records list shows of an institute changes: its
 * records, their labels and clinical data, its lines, labels and validations (their baselines),
 * the institute itself. Statement triggers (migration InstituteGenerations) raise it in the same
 * transaction as the change, so a list answer kept with the number it was read under is current
 * exactly while the number is unchanged (server/http/answer-cache.ts). No row: generation 0.
 */
@Entity('institute_generations')
export class InstituteGeneration {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @Column({ type: 'bigint', default: 0 })
  generation: string;
}
