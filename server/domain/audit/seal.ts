import { createHmac, hkdfSync } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * The audit trail's seals (migration AuditSeals): the database's triggers write each entry and
 * link it with a plain SHA-256 (migration AuditTrail), which anyone holding the database role can
 * recompute; the server then seals every entry with an HMAC-SHA256 under AUDIT_KEY, a key the
 * database never holds, over the entry's columns as text, the hash it had when sealed and the
 * seal of the entry before it in its chain. Nothing here calls a function stored in the database.
 *
 * Entries are written by triggers inside the writers' transactions, so the server cannot seal
 * them as they are written: it seals what has committed every few seconds (keeper.ts), before each
 * checkpoint and before `npm run audit:verify` checks. Within a chain, entries commit in `seq`
 * order (the chain's lock is held to the commit), so the unsealed entries are always the tail.
 */

/** Two keys derived from AUDIT_KEY: one seals entries, the other signs checkpoints. */
export interface AuditKeys {
  seal: Buffer;
  checkpoint: Buffer;
}

export const auditKeys = (key: Buffer): AuditKeys => ({
  seal: Buffer.from(hkdfSync('sha256', key, 'vialqc', 'audit seals', 32)),
  checkpoint: Buffer.from(hkdfSync('sha256', key, 'vialqc', 'audit checkpoints', 32)),
});

/** An entry's columns as sealed: as text wherever a JavaScript value could lose precision. */
export interface EntryRow {
  id: string;
  chain: number;
  seq: string;
  /** UTC, to the microsecond. */
  at: string;
  institute_id: number | null;
  actor_id: number | null;
  actor_email: string | null;
  client_address: string | null;
  request_id: string | null;
  object_type: string;
  object_id: string | null;
  action: string;
  /** The jsonb's own text (PostgreSQL's normal form). */
  changes: string;
  hash: string;
}

/** The columns of EntryRow from `audit_events e`, with built-in functions only. */
export const ENTRY_COLUMNS = `e.id::text AS id, e.chain, e.seq::text AS seq,
  to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, e.institute_id,
  e.actor_id, e.actor_email, e.client_address, e.request_id, e.object_type, e.object_id,
  e.action, e.changes::text AS changes, e.hash`;

const SEAL_FORMAT = 'vialqc-audit-seal-1';

/**
 * For the rest of the transaction, PostgreSQL's own functions and operators before any of the
 * same name in the schema: a `public.to_char` made to shadow the built-in (the database role can
 * change its own search_path) must not decide what is sealed or verified.
 */
export const BUILT_INS_FIRST = `SET LOCAL search_path = pg_catalog, public`;

/**
 * The seal of `entry` after `previous` (null for a chain's first entry), with the entry's hash
 * as it is to be recorded (`hash`). `prev_hash` is left out: the seals link the chain instead.
 */
export function sealOf(key: Buffer, previous: string | null, entry: EntryRow, hash = entry.hash) {
  const content = [
    SEAL_FORMAT,
    previous,
    entry.id,
    entry.chain,
    entry.seq,
    entry.at,
    entry.institute_id,
    entry.actor_id,
    entry.actor_email,
    entry.client_address,
    entry.request_id,
    entry.object_type,
    entry.object_id,
    entry.action,
    entry.changes,
    hash,
  ];
  return createHmac('sha256', key).update(JSON.stringify(content)).digest('hex');
}

/** Every chain of `table` (a loose index scan over its (chain, seq) key: one probe a chain). */
export const CHAINS_OF = (table: 'audit_events' | 'audit_seals') => `
  WITH RECURSIVE chains(chain) AS (
    SELECT min(chain) FROM ${table}
    UNION ALL
    SELECT (SELECT min(t.chain) FROM ${table} t WHERE t.chain > c.chain)
      FROM chains c WHERE c.chain IS NOT NULL)`;

/** Each chain's unsealed entries (up to $1 of each), with its last seal. */
const UNSEALED = `${CHAINS_OF('audit_events')}
  SELECT u.*, h.seal AS head_seal FROM chains c
  LEFT JOIN LATERAL (SELECT s.seq, s.seal FROM audit_seals s WHERE s.chain = c.chain
                      ORDER BY s.seq DESC LIMIT 1) h ON true
  CROSS JOIN LATERAL (SELECT ${ENTRY_COLUMNS} FROM audit_events e
                       WHERE e.chain = c.chain AND e.seq > coalesce(h.seq, 0)
                       ORDER BY e.seq LIMIT $1) u
  WHERE c.chain IS NOT NULL
  ORDER BY u.chain, u.seq::bigint`;

/**
 * Seals every committed entry not sealed yet, in batches of `batch` a chain; answers how many.
 * Servers may seal at the same time: a seal is the same whoever computes it (with the same
 * AUDIT_KEY), and one already written is left as it is.
 */
export async function sealAuditTrail(db: DataSource, key: Buffer, batch = 2000): Promise<number> {
  const sealKey = auditKeys(key).seal;
  let sealed = 0;
  for (;;) {
    const rows: (EntryRow & { head_seal: string | null })[] = await db.transaction(
      async (manager) => {
        await manager.query(BUILT_INS_FIRST);
        return manager.query(UNSEALED, [batch]);
      },
    );
    if (rows.length === 0) return sealed;
    const chains: number[] = [];
    const seqs: string[] = [];
    const ids: string[] = [];
    const hashes: string[] = [];
    const seals: string[] = [];
    let previous: string | null = null;
    rows.forEach((row, i) => {
      if (i === 0 || rows[i - 1].chain !== row.chain) previous = row.head_seal;
      previous = sealOf(sealKey, previous, row);
      chains.push(row.chain);
      seqs.push(row.seq);
      ids.push(row.id);
      hashes.push(row.hash);
      seals.push(previous);
    });
    await db.query(
      `INSERT INTO audit_seals (chain, seq, event_id, hash, seal)
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::char(64)[], $5::char(64)[])
       ON CONFLICT (chain, seq) DO NOTHING`,
      [chains, seqs, ids, hashes, seals],
    );
    sealed += rows.length;
  }
}
