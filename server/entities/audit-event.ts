import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditChanges } from '../../shared/api/audit';

/**
 * One entry of the audit trail: who did what to which object, with the fields it changed. The
 * database writes most of them itself (a trigger on every audited table, in the transaction of
 * the change) and refuses to change or delete any (migration AuditTrail). Each entry is linked
 * to the one before it in its institute's chain by `hash`, and sealed by the server with a key
 * the database does not hold (audit_seals: server/domain/audit/seal.ts, verify.ts).
 *
 * No foreign keys: the trail outlives the users, institutes and objects it names.
 */
@Entity('audit_events')
@Index('IDX_audit_events_chain_seq', ['chain', 'seq'], { unique: true })
// Pages are newest first by id (ids follow the time of writing); each filter has its index.
@Index('IDX_audit_events_institute', ['instituteId', 'id'])
@Index('IDX_audit_events_object', ['objectType', 'objectId', 'id'])
@Index('IDX_audit_events_actor', ['actorId', 'id'])
@Index('IDX_audit_events_at', ['at'])
export class AuditEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** The chain the entry is linked in: its institute, or 0 for entries of no institute. */
  @Column({ type: 'int' })
  chain: number;

  /** Position in the chain, from 1 without gaps. */
  @Column({ type: 'bigint' })
  seq: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ type: 'int', nullable: true })
  instituteId: number | null;

  /** Who acted; null for the product itself (processing, the recompute of rejections). */
  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  /** The actor's e-mail as it was then (users may change theirs or be deleted). */
  @Column({ type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  clientAddress: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId: string | null;

  @Column({ type: 'varchar', length: 32 })
  objectType: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  objectId: string | null;

  @Column({ type: 'varchar', length: 32 })
  action: string;

  /** Field → {before, after} (or {changed: true} for secrets; {added}/{removed} for links). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  changes: AuditChanges;

  @Column({ type: 'char', length: 64, nullable: true })
  prevHash: string | null;

  @Column({ type: 'char', length: 64 })
  hash: string;
}
