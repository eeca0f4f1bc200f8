import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Institute } from './institute';

/** A registered sensor vial. Its label is the serial in the vial's tag. */
@Entity('vials')
export class Vial {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  label: string;

  /** Binds the registry entry to the UUID in the vial's tag (sent with every upload). */
  @Index({ unique: true, where: 'uuid IS NOT NULL' })
  @Column({ type: 'uuid', nullable: true })
  uuid: string | null;

  @Column({ type: 'varchar', length: 32 })
  version: string;

  @ManyToOne(() => Institute, { nullable: true, onDelete: 'SET NULL' })
  institute: Institute | null;

  @Column({ type: 'int', nullable: true })
  instituteId: number | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'boolean', default: false })
  isDeleted: boolean;

  /** The latest data inventory (DIF) file: its blob address, or null before the first one. */
  @Column({ type: 'char', length: 64, nullable: true })
  difSha256: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  difGeneratedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
