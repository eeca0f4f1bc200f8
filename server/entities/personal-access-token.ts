import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { TokenScope } from '../../shared/api/account-tokens';
import { Institute } from './institute';
import { User } from './user';

/**
 * A user's personal access token for integrations, bound to one institute, with a scope and an
 * expiry. Only the SHA-256 of the token is stored; it is shown once, when created. A revoked
 * token keeps its row (revokedAt set) and is refused from the next request on.
 */
@Entity('personal_access_tokens')
@Check('CHK_personal_access_token_scope', `scope IN ('read', 'read-write')`)
export class PersonalAccessToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash: string;

  @Index()
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  scope: TokenScope;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Written at most once a minute (server/domain/personal-tokens/repository.ts). */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** Why it was revoked (server/domain/personal-tokens/repository.ts, `RevokeReason`). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  revokedReason: string | null;

  /**
   * The single sign-on session (refresh-token family, sso_sessions) the token was made in, if
   * any: the token works only while that session does (its SSO_SESSION_HOURS, the provider).
   */
  @Column({ type: 'uuid', nullable: true })
  ssoFamily: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
