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
