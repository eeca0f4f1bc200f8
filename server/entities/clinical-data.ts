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
import { Label } from './label';
import { TransitRecord } from './record';

/**
 * One sample's lab results after transport next to the same patient's hand-carried baseline
 * (hemolysis-data.md section 1), optionally linked to the record of that transport. Usable entries
 * calibrate the institute's rejection model (rejection-model.md).
 */
@Entity('clinical_data')
@Index(['instituteId', 'date'])
@Index(['recordId'])
export class ClinicalData {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'date' })
  date: string;

  @ManyToOne(() => TransitRecord, { nullable: true, onDelete: 'SET NULL' })
  record: TransitRecord | null;

  @Column({ type: 'int', nullable: true })
  recordId: number | null;

  /** mg/dL */
  @Column({ type: 'double precision', nullable: true })
  hIndex: number | null;

  @Column({ type: 'double precision', nullable: true })
  hIndexBaseline: number | null;

  /** U/L */
  @Column({ type: 'double precision', nullable: true })
  ldh: number | null;

  @Column({ type: 'double precision', nullable: true })
  ldhBaseline: number | null;

  /** U/L */
  @Column({ type: 'double precision', nullable: true })
  asat: number | null;

  @Column({ type: 'double precision', nullable: true })
  asatBaseline: number | null;

  /** mmol/L */
  @Column({ type: 'double precision', nullable: true })
  potassium: number | null;

  @Column({ type: 'double precision', nullable: true })
  potassiumBaseline: number | null;

  /** mg/dL */
  @Column({ type: 'double precision', nullable: true })
  pfhb: number | null;

  @Column({ type: 'double precision', nullable: true })
  pfhbBaseline: number | null;

  @Column({ type: 'boolean', default: false })
  excludeFromModel: boolean;

  @Column({ type: 'boolean', default: false })
  donorSample: boolean;

  @ManyToMany(() => Label)
  @JoinTable({
    name: 'clinical_data_labels',
    joinColumn: { name: 'clinical_data_id' },
    inverseJoinColumn: { name: 'label_id' },
  })
  labels: Label[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
