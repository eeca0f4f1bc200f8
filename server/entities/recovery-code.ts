import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from './user';

/**
 * A user's single-use recovery codes for the second factor, ten at a time, shown once at
 * enrolment. Only the SHA-256 of each is kept (server/auth/second-factor.ts says why).
 */
@Entity('recovery_codes')
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @Index()
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'char', length: 64 })
  codeHash: string;

  /** Set when the code was used: it is never accepted again. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
