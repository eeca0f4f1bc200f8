import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Institute } from './institute';
import type { HemolysisDataSource } from '../../shared/api/hemolysis';
import { Label } from './label';
import { Line } from './line';

/**
 * One uploaded hemolysis-index file of an analyzer (hemolysis-data.md section 3): the original
 * file stays in the blob store, its rows are HemolysisMeasurement rows. A line with filed lab-feed
 * results has one set of source `feed` (lab-feed.md section 7), without a file, whose
 * measurements follow the line's counting h_index results.
 */
@Entity('hemolysis_data')
@Index(['instituteId', 'uploadDate'])
@Index(['lineId'])
@Index('UQ_hemolysis_data_feed_line', ['lineId'], { unique: true, where: `"source" = 'feed'` })
export class HemolysisData {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  /** The uploaded file's name. */
  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  @ManyToOne(() => Line, { onDelete: 'CASCADE' })
  line: Line;

  @Column({ type: 'int' })
  lineId: number;

  @Column({ type: 'boolean', default: false })
  donorSample: boolean;

  @ManyToMany(() => Label)
  @JoinTable({
    name: 'hemolysis_data_labels',
    joinColumn: { name: 'hemolysis_data_id' },
    inverseJoinColumn: { name: 'label_id' },
  })
  labels: Label[];

  /** IANA zone of the file's local timestamps, and the zone its day picker shows. */
  @Column({ type: 'varchar', length: 64 })
  timezoneName: string;

  /** `upload` (a CSV file) or `feed` (the lab feed's results of the line). */
  @Column({ type: 'varchar', length: 8, default: 'upload' })
  source: HemolysisDataSource;

  /** The original file's blob address; null for a lab-feed set. */
  @Column({ type: 'char', length: 64, nullable: true })
  fileSha256: string | null;

  @Column({ type: 'bigint' })
  fileSize: string;

  @CreateDateColumn({ type: 'timestamptz' })
  uploadDate: Date;

  /** `measurement_summary`, kept current on upload and on every measurement change. */
  @Column({ type: 'int', default: 0 })
  measurementCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  measurementStart: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  measurementEnd: Date | null;

  /** Rows skipped because their h_index was empty. */
  @Column({ type: 'int', default: 0 })
  skippedRows: number;
}

/** One HI result of a data set; in a lab-feed set, the counting h_index result it shows. */
@Entity('hemolysis_measurements')
@Index(['dataId', 'timestamp'])
@Index('UQ_hemolysis_measurements_result', ['resultId'], {
  unique: true,
  where: '"result_id" IS NOT NULL',
})
export class HemolysisMeasurement {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @ManyToOne(() => HemolysisData, { onDelete: 'CASCADE' })
  data: HemolysisData;

  @Column({ type: 'int' })
  dataId: number;

  @Column({ type: 'timestamptz' })
  timestamp: Date;

  /** h_index, mg/dL */
  @Column({ type: 'double precision' })
  value: number;

  /**
   * The lab-feed result shown (a lab-feed set's measurements only). No foreign key: a deleted
   * result is noted by migration LabOutcomes's trigger, and the sync removes its measurement and
   * counts it (server/domain/lab-feed/feed-data-set.ts).
   */
  @Column({ type: 'bigint', nullable: true })
  resultId: string | null;
}
