import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { SsoClient, SsoDomainProof, SsoDomainState, SsoRole } from '../../shared/api/sso';
import { Institute } from './institute';
import { User } from './user';

/**
 * An institute's OpenID Connect provider (README "Single sign-on"). The client secret is kept
 * encrypted (AES-256-GCM, server/auth/sso-secret.ts) and never answered by the API.
 */
@Entity('institute_sso')
@Check('CHK_institute_sso_default_role', `default_role IN ('guest', 'member', 'admin', 'owner')`)
export class InstituteSso {
  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @OneToOne(() => Institute, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institute_id' })
  institute?: Institute;

  @Column({ type: 'varchar', length: 500 })
  issuer: string;

  @Column({ type: 'varchar', length: 255 })
  clientId: string;

  /** iv, tag and ciphertext, base64url, joined by dots; null: a public client (PKCE alone). */
  @Column({ type: 'text', nullable: true })
  clientSecretEncrypted: string | null;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  defaultRole: SsoRole;

  /** Whether users of the domains may still sign in with a password. */
  @Column({ type: 'boolean', default: true })
  passwordLoginAllowed: boolean;

  /**
   * The provider's configuration as discovery found it when the settings were saved; the
   * sign-in's steps read it here and never ask the provider for it. Null: saved before it was
   * kept (saving again fills it).
   */
  @Column({ type: 'jsonb', nullable: true })
  providerMetadata: object | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * An e-mail domain an institute's provider claims (server/domain/sso/domains.ts): `pending` until
 * proven (its DNS TXT record with `token` found, or staff's approval), then `verified`. Several
 * institutes may claim a domain; one at most has it verified.
 */
@Entity('sso_domains')
@Index('IDX_sso_domains_verified', ['domain'], { unique: true, where: `state = 'verified'` })
@Check('CHK_sso_domains_state', `state IN ('pending', 'verified')`)
@Check('CHK_sso_domains_verified_how', `verified_how IS NULL OR verified_how IN ('dns', 'staff')`)
export class SsoDomain {
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain: string;

  @Index()
  @ManyToOne(() => InstituteSso, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institute_id', referencedColumnName: 'instituteId' })
  settings?: InstituteSso;

  @PrimaryColumn({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  state: SsoDomainState;

  /** Published as the TXT record `vialqc-domain-verification=<token>` at the domain. */
  @Column({ type: 'varchar', length: 64 })
  verificationToken: string;

  @Column({ type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  verifiedHow: SsoDomainProof | null;

  /** Who asked for the check that found the record, or the staff member who approved. */
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  verifiedBy?: User | null;

  @Column({ type: 'int', nullable: true })
  verifiedById: number | null;
}

/**
 * One sign-in through a provider: its `state`, PKCE verifier and `nonce` until the callback, then
 * the one-time code (its SHA-256) the app exchanges for tokens, once, before `codeExpiresAt`.
 */
@Entity('sso_logins')
export class SsoLogin {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  state: string;

  @ManyToOne(() => Institute, { onDelete: 'CASCADE' })
  institute?: Institute;

  @Column({ type: 'int' })
  instituteId: number;

  @Column({ type: 'varchar', length: 128 })
  codeVerifier: string;

  @Column({ type: 'varchar', length: 64 })
  nonce: string;

  @Column({ type: 'varchar', length: 16 })
  client: SsoClient;

  /** Until when the provider may call back. */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: true })
  user?: User | null;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Index({ unique: true })
  @Column({ type: 'char', length: 64, nullable: true })
  codeHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  codeExpiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  exchangedAt: Date | null;

  /**
   * The provider's refresh token from the callback (encrypted like the client secret), until the
   * exchange moves it to the session's row; null when the provider issued none.
   */
  @Column({ type: 'text', nullable: true })
  providerRefreshEncrypted: string | null;
}

/**
 * A session begun with single sign-on: its refresh tokens stop working at `endsAt`. With a
 * provider refresh token, each refresh re-checks the user with the provider (README "Single
 * sign-on"), and `endsAt` moves to SSO_SESSION_HOURS after the last check it passed.
 */
@Entity('sso_sessions')
export class SsoSession {
  @PrimaryColumn({ type: 'uuid' })
  family: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user?: User;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'timestamptz' })
  endsAt: Date;

  /** Whose provider signed the session in; null for sessions begun before it was kept. */
  @ManyToOne(() => Institute, { onDelete: 'SET NULL', nullable: true })
  institute?: Institute | null;

  @Column({ type: 'int', nullable: true })
  instituteId: number | null;

  /**
   * The provider's refresh token, encrypted like the client secret (server/auth/sso-secret.ts,
   * under the institute), never logged nor answered; null when the provider issued none.
   */
  @Column({ type: 'text', nullable: true })
  providerRefreshEncrypted: string | null;
}
