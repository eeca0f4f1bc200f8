import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Institute } from './institute';
import { Validation } from './validation';

/** A validation report: an uploaded or generated PDF (or Word) file in the blob store. */
@Entity('reports')
@Index(['instituteId', 'createDate'])
@Index(['validationId'])
export class Report {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @ManyToOne(() => Validation, { nullable: true, onDelete: 'SET NULL' })
  validation: Validation | null;

  @Column({ type: 'int', nullable: true })
  validationId: number | null;

  /** The file's blob address. */
  @Column({ type: 'char', length: 64 })
  fileSha256: string;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'varchar', length: 128 })
  contentType: string;

  @Column({ type: 'int' })
  fileSize: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createDate: Date;
}
