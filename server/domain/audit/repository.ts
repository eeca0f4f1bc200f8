import type { EntityManager } from 'typeorm';
import type { AuditAction, AuditChanges, AuditObjectType } from '../../../shared/api/audit';

/** An entry the server writes itself: what changes no audited row (sign-ins, exports). */
export interface AuditEntry {
  instituteId: number | null;
  objectType: AuditObjectType;
  objectId: string | number | null;
  action: AuditAction;
  changes?: AuditChanges;
  /** Who, where the request's context does not say it (a sign-in names its own user). */
  actor?: { id: number | null; email: string };
}

/**
 * Writes an entry in `manager`'s transaction (or on its own); the database links it into its
 * institute's chain and fills in the request's context (migration AuditTrail).
 */
export async function writeAuditEntry(manager: EntityManager, entry: AuditEntry): Promise<void> {
  await manager.query(
    `INSERT INTO audit_events
       (institute_id, object_type, object_id, action, changes, actor_id, actor_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.instituteId,
      entry.objectType,
      entry.objectId === null ? null : String(entry.objectId),
      entry.action,
      JSON.stringify(entry.changes ?? {}),
      entry.actor?.id ?? null,
      entry.actor?.email ?? null,
    ],
  );
}

/**
 * Silences the audit triggers of `table` for the rest of the transaction, where the caller
 * writes the one entry that tells the change (the `vialqc.audit_mute` of migration AuditTrail).
 */
export async function muteAuditOf(manager: EntityManager, table: string): Promise<void> {
  await manager.query(`SELECT ${muteAuditSql('$1')}`, [table]);
}

/**
 * muteAuditOf as an SQL expression (`param`: the table's name, a parameter), for a statement that
 * mutes a table for its own rows: audit triggers fire at the end of the statement, after it.
 */
export const muteAuditSql = (param: string) => `set_config('vialqc.audit_mute', ${param}, true)`;
