import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { StudyAnalyte } from '../../shared/api/comparison-studies';
import { ClinicalData } from './clinical-data';
import { ComparisonStudy } from './comparison-study';
import { User } from './user';

/**
 * An entry of clinical data a study leaves out, for one analyte or (analyte null) for all, with
 * the reason (method-comparison.md section 2). One per (study, entry, analyte): a unique
 * expression index over coalesce(analyte, '') made by migration ComparisonStudies.
 */
@Entity('comparison_study_exclusions')
@Index(['studyId'])
@Index(['clinicalDataId'])
@Index('UQ_comparison_study_exclusions_entry', { synchronize: false })
export class ComparisonStudyExclusion {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => ComparisonStudy, { onDelete: 'CASCADE' })
  study: ComparisonStudy;

  @Column({ type: 'int' })
  studyId: number;

  @ManyToOne(() => ClinicalData, { onDelete: 'CASCADE' })
  clinicalData: ClinicalData;

  @Column({ type: 'int' })
  clinicalDataId: number;

  @Column({ type: 'varchar', length: 16, nullable: true })
  analyte: StudyAnalyte | null;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  createdBy: User | null;

  @Column({ type: 'int', nullable: true })
  createdById: number | null;

  @Column({ type: 'varchar', length: 255 })
  createdByName: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
