import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One counted attempt (a failed login, a password-reset request, a failed registration) of an
 * account or a client address, for the rate limits of auth/login-throttle.ts. Kept in the
 * database so several server processes count together; swept once older than the window.
 */
@Entity('auth_attempts')
@Index(['key', 'at'])
export class AuthAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** `<kind>:a:<account>` or `<kind>:ip:<address>`. */
  @Column({ type: 'varchar', length: 400 })
  key: string;

  @Index()
  @Column({ type: 'timestamptz' })
  at: Date;
}
