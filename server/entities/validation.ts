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
import { Line } from './line';

export type ValidationStatus = 'inprogress' | 'completed';

/** A data-collection campaign that sets the validated range (and maybe the baseline) of lines. */
@Entity('validations')
@Index(['instituteId', 'status'])
// Names are unique per institute, case-insensitively: an expression index (institute_id,
// lower(name)) made by migration SecurityHardening, which TypeORM cannot declare itself.
@Index('UQ_validations_institute_lower_name', { synchronize: false })
export class Validation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'date' })
  startDate: string;

  @Column({ type: 'int' })
  durationDays: number;

  @Column({ type: 'boolean', default: false })
  baseline: boolean;

  @Column({ type: 'varchar', length: 16, default: 'inprogress' })
  status: ValidationStatus;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** Build the report when the validation completes. */
  @Column({ type: 'boolean', default: false })
  generateReport: boolean;

  @ManyToMany(() => Line)
  @JoinTable({
    name: 'validation_lines',
    joinColumn: { name: 'validation_id' },
    inverseJoinColumn: { name: 'line_id' },
  })
  lines: Line[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
