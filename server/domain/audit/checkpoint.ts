import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { BlobStore } from '../../storage/blob-store';
import { auditKeys, BUILT_INS_FIRST, CHAINS_OF } from './seal';

/**
 * Signed checkpoints of the audit trail: every chain's head (its last sealed entry's seq and seal,
 * and how many entries it held up to there), signed with a key derived from AUDIT_KEY and written
 * to the blob store as a new record each time (`audit-checkpoints/<time>-<random>.json`, never
 * overwritten; in S3 under `records/`, where Object Lock can keep it). The database holds none of
 * them, so a trail cut short or rewritten behind the server's back disagrees with the last one.
 */

export const CHECKPOINTS = 'audit-checkpoints/';
const FORMAT = 'vialqc-audit-checkpoint-1';

export interface ChainHead {
  chain: number;
  seq: number;
  seal: string;
  /** Entries of the chain up to and including `seq`. */
  count: number;
}

export interface Checkpoint {
  format: typeof FORMAT;
  /** ISO time it was written. */
  at: string;
  /** The record name of the checkpoint it followed, if any. */
  previous: string | null;
  chains: ChainHead[];
  signature: string;
}

const signed = (key: Buffer, c: Omit<Checkpoint, 'signature'>) =>
  createHmac('sha256', key)
    .update(
      JSON.stringify([
        c.format,
        c.at,
        c.previous,
        c.chains.map((h) => [h.chain, h.seq, h.seal, h.count]),
      ]),
    )
    .digest('hex');

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The checkpoint in `bytes` when its signature is AUDIT_KEY's; undefined otherwise. */
export function readCheckpoint(key: Buffer, bytes: Buffer): Checkpoint | undefined {
  try {
    const c = JSON.parse(bytes.toString('utf8')) as Checkpoint;
    if (c.format !== FORMAT || !Array.isArray(c.chains) || typeof c.signature !== 'string') {
      return undefined;
    }
    return sameHex(signed(auditKeys(key).checkpoint, c), c.signature) ? c : undefined;
  } catch {
    return undefined;
  }
}

export interface LatestCheckpoint {
  name: string;
  checkpoint: Checkpoint;
}

/**
 * The newest checkpoint signed with AUDIT_KEY, and the names of newer records that are not
 * (written with another key, or forged).
 */
export async function latestCheckpoint(
  blobs: BlobStore,
  key: Buffer,
): Promise<{ latest: LatestCheckpoint | undefined; unsigned: string[] }> {
  const names = await blobs.listRecords(CHECKPOINTS);
  const unsigned: string[] = [];
  for (const name of names.reverse()) {
    const checkpoint = readCheckpoint(key, await blobs.readRecord(name));
    if (checkpoint) return { latest: { name, checkpoint }, unsigned };
    unsigned.push(name);
  }
  return { latest: undefined, unsigned };
}

/** Each chain's last seal in the database, with its entry count up to it. */
async function sealedHeads(db: EntityManager): Promise<Map<number, ChainHead>> {
  const rows: { chain: number; seq: string; seal: string; count: string }[] = await db.query(`
    ${CHAINS_OF('audit_seals')}
    SELECT c.chain, h.seq::text AS seq, h.seal,
           (SELECT count(*) FROM audit_events e WHERE e.chain = c.chain AND e.seq <= h.seq)::text
             AS count
      FROM chains c
      CROSS JOIN LATERAL (SELECT s.seq, s.seal FROM audit_seals s WHERE s.chain = c.chain
                           ORDER BY s.seq DESC LIMIT 1) h
     WHERE c.chain IS NOT NULL`);
  return new Map(
    rows.map((r) => [
      r.chain,
      { chain: r.chain, seq: Number(r.seq), seal: r.seal, count: Number(r.count) },
    ]),
  );
}

/** The seals the database holds at the given (chain, seq) places. */
async function sealsAt(db: EntityManager, heads: ChainHead[]): Promise<Map<number, string>> {
  const rows: { chain: number; seal: string }[] = await db.query(
    `SELECT s.chain, s.seal FROM audit_seals s
       JOIN unnest($1::int[], $2::bigint[]) AS p(chain, seq) ON s.chain = p.chain AND s.seq = p.seq`,
    [heads.map((h) => h.chain), heads.map((h) => h.seq)],
  );
  return new Map(rows.map((r) => [r.chain, r.seal]));
}

export interface WrittenCheckpoint {
  name: string;
  checkpoint: Checkpoint;
  /** Chains whose database head no longer continues the previous checkpoint (kept as it was). */
  behind: number[];
}

/**
 * Writes a checkpoint of the sealed heads (seal first: sealAuditTrail). A chain never goes back:
 * where the database's chain no longer reaches the previous checkpoint's head, or holds another
 * seal there (cut short, or rewritten and sealed again), the previous head is kept and the chain
 * named in `behind`, so the newest checkpoint is always enough to check the trail against.
 */
export async function writeCheckpoint(
  db: DataSource,
  blobs: BlobStore,
  key: Buffer,
  at: Date,
): Promise<WrittenCheckpoint> {
  const { latest } = await latestCheckpoint(blobs, key);
  const before = latest?.checkpoint.chains ?? [];
  const { heads, sealsThen } = await db.transaction('REPEATABLE READ', async (manager) => {
    await manager.query(BUILT_INS_FIRST);
    return { heads: await sealedHeads(manager), sealsThen: await sealsAt(manager, before) };
  });
  const behind: number[] = [];
  for (const old of before) {
    const now = heads.get(old.chain);
    if (!now || now.seq < old.seq || sealsThen.get(old.chain) !== old.seal) {
      behind.push(old.chain);
      heads.set(old.chain, old);
    }
  }
  const unsigned: Omit<Checkpoint, 'signature'> = {
    format: FORMAT,
    at: at.toISOString(),
    previous: latest?.name ?? null,
    chains: [...heads.values()].sort((a, b) => a.chain - b.chain),
  };
  const checkpoint = { ...unsigned, signature: signed(auditKeys(key).checkpoint, unsigned) };
  // The time first, so names sort as the checkpoints were written; ':' is no file name's.
  const name = `${CHECKPOINTS}${unsigned.at.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
  await blobs.writeRecord(name, Buffer.from(JSON.stringify(checkpoint, null, 1)));
  return { name, checkpoint, behind };
}
