import type { DataSource } from 'typeorm';

/** The first entry of a chain that is not what the chain says it must be. */
export interface BrokenLink {
  /** The chain: an institute's id, 0 for entries of no institute. */
  chain: number;
  seq: number;
  id: number;
  problem: string;
}

/**
 * Walks every chain of the audit trail and names the first broken link of each: an entry whose
 * hash is not that of its content (changed behind the database's back), whose previous hash is
 * not its predecessor's, or a gap in the sequence (an entry removed). The hashes are recomputed
 * by the very function that wrote them (migration AuditTrail). Removing a chain's last entries
 * leaves no trace in the chain itself; the database refuses it all the same.
 */
export async function verifyAuditChains(db: DataSource): Promise<BrokenLink[]> {
  const rows: { chain: number; seq: string; id: string; problem: string }[] = await db.query(`
    SELECT DISTINCT ON (chain) chain, seq, id, problem FROM (
      SELECT chain, seq, id, CASE
          WHEN seq <> coalesce(lag(seq) OVER w, 0) + 1 THEN 'an entry before it is missing'
          WHEN prev_hash IS DISTINCT FROM lag(hash) OVER w
            THEN 'its link to the entry before it was changed'
          WHEN hash <> audit_event_hash(e) THEN 'its content was changed'
        END AS problem
      FROM audit_events e
      WINDOW w AS (PARTITION BY chain ORDER BY seq)
    ) checked
    WHERE problem IS NOT NULL
    ORDER BY chain, seq`);
  return rows.map((r) => ({
    chain: r.chain,
    seq: Number(r.seq),
    id: Number(r.id),
    problem: r.problem,
  }));
}

/** How many entries and chains there are, for the verifier's report. */
export async function auditTrailSize(db: DataSource): Promise<{ entries: number; chains: number }> {
  const [row]: { entries: string; chains: string }[] = await db.query(
    `SELECT count(*) AS entries, count(DISTINCT chain) AS chains FROM audit_events`,
  );
  return { entries: Number(row.entries), chains: Number(row.chains) };
}
