import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { Role } from '../../shared/domain/roles';
import { Institute } from './institute';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-case; unique regardless of how it was typed. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  firstName: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role: Role;

  @Column({ type: 'boolean', default: false })
  isStaff: boolean;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  /** argon2id hash; null until the invited user registers. */
  @Column({ type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ type: 'int', nullable: true })
  defaultInstituteId: number | null;

  /**
   * The organization the user last chose in the selector, kept on the server so it follows them
   * to another browser or the desktop app; forgotten when that organization is deleted.
   */
  @ManyToOne(() => Institute, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'last_institute_id' })
  lastInstitute?: Institute | null;

  @Column({ type: 'int', nullable: true })
  lastInstituteId: number | null;

  /**
   * The TOTP secret (base32) of the second factor; set when enrolment starts, in use once
   * confirmed (totpConfirmedAt). Kept encrypted (server/auth/totp-secret.ts): checking a code
   * needs the secret itself, so it cannot be a hash; a clear one of an older release is sealed at
   * the next start (server/domain/auth/totp-at-rest.ts).
   */
  @Column({ type: 'varchar', length: 128, nullable: true })
  totpSecret: string | null;

  /** When the user confirmed the secret with a code: from then on sign-in asks for one. */
  @Column({ type: 'timestamptz', nullable: true })
  totpConfirmedAt: Date | null;

  /** The time step of the last code accepted: a code of it or an earlier step is refused. */
  @Column({ type: 'int', nullable: true })
  totpLastStep: number | null;

  @ManyToMany(() => Institute)
  @JoinTable({
    name: 'user_institutes',
    joinColumn: { name: 'user_id' },
    inverseJoinColumn: { name: 'institute_id' },
  })
  institutes: Institute[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
