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
import { Line } from './line';
import { TransitRecord } from './record';

/**
 * One sample's lab results after transport next to the same patient's hand-carried baseline
 * (hemolysis-data.md section 1), optionally linked to the record of that transport. Usable entries
 * calibrate the institute's rejection model (rejection-model.md).
 */
@Entity('clinical_data')
@Index(['instituteId', 'date'])
@Index(['recordId'])
@Index(['lineId'])
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

  /**
   * The line the sample travelled on, when it is given (method-comparison.md section 1); the line
   * of an entry is this, else its record's line (`entryLineSql` in
   * server/domain/clinical-data/repository.ts).
   */
  @ManyToOne(() => Line, { nullable: true, onDelete: 'SET NULL' })
  line: Line | null;

  @Column({ type: 'int', nullable: true })
  lineId: number | null;

  /** The line of the entry, where a query maps it (not a column: `entryLineSql`). */
  entryLine?: Line | null;

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
