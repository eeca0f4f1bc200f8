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

/** A pneumatic tube line between two stations, or a courier route. */
@Entity('lines')
@Index(['instituteId', 'archived'])
export class Line {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Metres; null when unknown. */
  @Column({ type: 'double precision', nullable: true })
  length: number | null;

  @Column({ type: 'boolean', default: false })
  isHandCarried: boolean;

  @Column({ type: 'varchar', length: 80, nullable: true })
  manufacturer: string | null;

  @Column({ type: 'boolean', default: false })
  archived: boolean;

  @Column({ type: 'boolean', default: false })
  hasHemolysis: boolean;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @ManyToMany(() => Label)
  @JoinTable({
    name: 'line_labels',
    joinColumn: { name: 'line_id' },
    inverseJoinColumn: { name: 'label_id' },
  })
  labels: Label[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
