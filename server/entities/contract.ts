import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ContractStatus } from '../../shared/api/contracts';
import { Institute } from './institute';

/** A customer contract of one institute (staff only), with its PDF files. */
@Entity('contracts')
@Index(['instituteId', 'startDate'])
export class Contract {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'date' })
  startDate: string;

  /** null: an open-ended contract. */
  @Column({ type: 'date', nullable: true })
  endDate: string | null;

  @Column({ type: 'varchar', length: 32, default: 'draft' })
  status: ContractStatus;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'date', nullable: true })
  customerSince: string | null;

  @OneToMany(() => ContractFile, (f) => f.contract)
  files: ContractFile[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One PDF of a contract, in the blob store; names are unique within the contract. */
@Entity('contract_files')
@Index(['contractId', 'fileName'], { unique: true })
export class ContractFile {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => Contract, (c) => c.files, { onDelete: 'CASCADE' })
  contract: Contract;

  @Column({ type: 'int' })
  contractId: number;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  /** The file's blob address. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'int' })
  size: number;

  @CreateDateColumn({ type: 'timestamptz' })
  uploadedAt: Date;
}
