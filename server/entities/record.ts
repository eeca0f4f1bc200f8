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
import type { RecordMetrics } from '../../shared/vial/record-metrics';
import { Institute } from './institute';
import { Label } from './label';
import { Line } from './line';
import { Validation } from './validation';
import { Vial } from './vial';

/**
 * One run of one vial: the uploaded file (content-addressed blob) and what processing made of it.
 * The error flags are columns, not only metrics, because staff may correct them and lists filter
 * on them; `auc` and `rejection` are columns so lists can filter and sort without reading jsonb.
 */
@Entity('records')
// The lists' orderings (bench/plans.md): each ends in id, the lists' tie-breaker, so a page is
// read off the index in order. The tab lists (processed, reviewed or not, exclude, hidden) and
// their counts use the first one for both: the page in date order, the count index-only.
@Index(['instituteId', 'isProcessed', 'isReviewed', 'exclude', 'hidden', 'date', 'id'])
@Index(['instituteId', 'date', 'id'])
@Index(['instituteId', 'uploadDate', 'id'])
@Index(['lineId', 'date', 'id'])
// A vial's newest upload, for the silent-vial notifications.
@Index(['vialId', 'uploadDate'])
// Orders by a nullable column put nulls first going up and last going down: these are
// (…, column NULLS FIRST, id), which TypeORM cannot declare; migration RecordListIndexes does.
@Index('IDX_records_institute_auc', { synchronize: false })
@Index('IDX_records_line_auc', { synchronize: false })
@Index('IDX_records_institute_rejection', { synchronize: false })
@Index('IDX_records_institute_duration', { synchronize: false })
@Index('IDX_records_institute_vial', { synchronize: false })
@Index(['validationId', 'lineId'])
@Index(['instituteId', 'sha256'], { unique: true })
// Records with a VitalMetric but no probabilities yet (stored before they existed): found at once.
@Index('IDX_records_missing_probabilities', ['instituteId'], {
  where: 'auc IS NOT NULL AND p_ldh IS NULL',
})
export class TransitRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @ManyToOne(() => Vial, { nullable: true, onDelete: 'SET NULL' })
  vial: Vial | null;

  @Column({ type: 'int', nullable: true })
  vialId: number | null;

  /** The vial's label at upload time, kept when the vial is later renamed or removed. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  vialLabel: string | null;

  /** Start of the run (from the file header). */
  @Column({ type: 'timestamptz' })
  date: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  uploadDate: Date;

  @Column({ type: 'double precision', nullable: true })
  duration: number | null;

  @ManyToOne(() => Line, { nullable: true, onDelete: 'SET NULL' })
  line: Line | null;

  @Column({ type: 'int', nullable: true })
  lineId: number | null;

  @ManyToOne(() => Validation, { nullable: true, onDelete: 'SET NULL' })
  validation: Validation | null;

  @Column({ type: 'int', nullable: true })
  validationId: number | null;

  @ManyToMany(() => Label)
  @JoinTable({
    name: 'record_labels',
    joinColumn: { name: 'record_id' },
    inverseJoinColumn: { name: 'label_id' },
  })
  labels: Label[];

  @Column({ type: 'boolean', default: false })
  exclude: boolean;

  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Column({ type: 'boolean', default: false })
  testRun: boolean;

  @Column({ type: 'boolean', default: false })
  isReviewed: boolean;

  @Column({ type: 'boolean', default: false })
  isProcessed: boolean;

  /** Why processing failed; the record then stays unprocessed but no longer waits forever. */
  @Column({ type: 'text', nullable: true })
  processingError: string | null;

  @Column({ type: 'jsonb', nullable: true })
  /** What processing computed for the run (vial-data.md section 3), as the API names it. */
  metrics: RecordMetrics | null;

  @Column({ type: 'double precision', nullable: true })
  auc: number | null;

  /** Worst-analyte rejection probability in percent at the institute's thresholds. */
  @Column({ type: 'double precision', nullable: true })
  rejection: number | null;

  /*
   * Each analyte's rejection probability (a fraction) at the institute's thresholds and model,
   * kept with `rejection`: line statistics add them up (line_tallies) instead of evaluating the
   * model for every record of a line on every request.
   */
  @Column({ type: 'double precision', nullable: true })
  pLdh: number | null;

  @Column({ type: 'double precision', nullable: true })
  pAsat: number | null;

  @Column({ type: 'double precision', nullable: true })
  pPotassium: number | null;

  @Column({ type: 'boolean', default: false })
  noRunError: boolean;

  @Column({ type: 'boolean', default: false })
  shortRunError: boolean;

  @Column({ type: 'boolean', default: false })
  flatlineError: boolean;

  @Column({ type: 'varchar', length: 16, nullable: true })
  temperatureType: 'ambient' | 'refrigerated' | 'frozen' | null;

  @Column({ type: 'double precision', nullable: true })
  outsideControlledSeconds: number | null;

  @Column({ type: 'double precision', nullable: true })
  outsideExcursionSeconds: number | null;

  /** SHA-256 of the file: the blob's address and the duplicate check. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'bigint' })
  fileSize: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  fileName: string | null;

  @Column({ type: 'int', nullable: true })
  sequence: number | null;
}

/** What a record stores of its rejection at its institute's settings. */
export type StoredRejection = Pick<TransitRecord, 'rejection' | 'pLdh' | 'pAsat' | 'pPotassium'>;
