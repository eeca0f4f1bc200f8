import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { StudyAnalyteDto, StudyStatus } from '../../shared/api/comparison-studies';
import { Institute } from './institute';
import { User } from './user';

/**
 * A paired-sample study (method-comparison.md section 2): which entries of clinical data it
 * compares (lines, dates, labels) and how (confidence, Deming's λ, each analyte's criterion and
 * decision levels). Approval freezes it: `frozen` then holds its pairs and results as they were
 * (`FrozenStudy` in server/domain/comparison-studies/), and the study can no longer change.
 */
@Entity('comparison_studies')
@Index(['instituteId', 'id'])
// Names are unique per institute, case-insensitively: an expression index (institute_id,
// lower(name)) made by migration ComparisonStudies, which TypeORM cannot declare itself.
@Index('UQ_comparison_studies_institute_lower_name', { synchronize: false })
export class ComparisonStudy {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** The study's lines (ids of lines of its institute), as chosen. */
  @Column({ type: 'int', array: true })
  lineIds: number[];

  /** Entries with date__gte ≤ date < date__lt. */
  @Column({ type: 'date' })
  dateGte: string;

  @Column({ type: 'date' })
  dateLt: string;

  /** Only entries carrying all these labels (ids); empty for every entry. */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  labelIds: number[];

  @Column({ type: 'double precision', default: 0.95 })
  confidence: number;

  /** Deming's λ. */
  @Column({ type: 'double precision', default: 1 })
  errorRatio: number;

  /** The analytes in the study's order, each with its criterion (defaults filled) and levels. */
  @Column({ type: 'jsonb' })
  analytes: StudyAnalyteDto[];

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status: StudyStatus;

  /** The author; the name is kept when the account goes. */
  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  createdBy: User | null;

  @Column({ type: 'int', nullable: true })
  createdById: number | null;

  @Column({ type: 'varchar', length: 255 })
  createdByName: string;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  approvedBy: User | null;

  @Column({ type: 'int', nullable: true })
  approvedById: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  approvedByName: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /**
   * An approved study's pairs and results as they were at approval (null for a draft). Not read
   * with the study (it can be megabytes): its parts are read by name where they are needed.
   */
  @Column({ type: 'jsonb', nullable: true, select: false })
  frozen: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
