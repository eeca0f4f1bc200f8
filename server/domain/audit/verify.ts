import { createHash, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { BlobStore } from '../../storage/blob-store';
import { latestCheckpoint, type ChainHead } from './checkpoint';
import { auditKeys, BUILT_INS_FIRST, ENTRY_COLUMNS, sealOf, type EntryRow } from './seal';

/** One thing found wrong with the trail (or worth saying about it). */
export interface AuditFinding {
  /** The chain: an institute's id, 0 for entries of no institute; null for the database. */
  chain: number | null;
  seq?: number;
  id?: number;
  problem: string;
}

export interface AuditVerification {
  /** What shows the trail was changed behind the server's back: `npm run audit:verify` fails. */
  broken: AuditFinding[];
  /** What is not wrong but not proven either: entries not sealed yet, no checkpoint yet. */
  notes: AuditFinding[];
  /** The checkpoint the chains were held to. */
  checkpoint: { name: string; at: string } | undefined;
  entries: number;
  chains: number;
}

/**
 * The audit functions as the migrations installed them: SHA-256 of each one's source
 * (pg_proc.prosrc). A migration that replaces one of them updates its line here (the test
 * `audit-tamper.api.test.ts` holds a fresh database to it).
 */
export const AUDIT_FUNCTIONS: Record<string, string> = {
  audit_event_hash: 'e87578632b260c7b6742ca1014fb1bcb514969a72e46a4c0c227d64941379d3a',
  audit_chain: '64ff948c8983e6f9bcc10d87e6c14d15da18a170e8891d38ec35bc32136d354d',
  audit_refuse_change: '6da710a81b7b86215a282ac56f1dbf28d620739034cca06700284f02736508d7',
  audit_institute_of: 'b00661105cec803584ebceae466c5087d7a7a554e6041cd3019b5d511d524169',
  audit_row: 'cbbd41f8e77c27f5d7e6585d42b4f539fd78cba930d5286de5fa22c88d06c11e',
  audit_link: 'aead2adcf490f5716444cdfbb0daad28960d34304cc15c93a0140bbbbf9b0589',
};

/** The triggers that write, link and guard the trail: each must exist and be enabled. */
const GUARDS: [table: string, trigger: string][] = [
  ['audit_events', 'audit_events_chain'],
  ['audit_events', 'audit_events_append_only'],
  ['audit_events', 'audit_events_no_truncate'],
  ['audit_seals', 'audit_seals_append_only'],
  ['audit_seals', 'audit_seals_no_truncate'],
];

/** Entries and seals are read this many places at a time: memory stays flat for any chain. */
const WINDOW = 5000;
/** Findings named per chain; the rest are counted. */
const NAMED_PER_CHAIN = 20;

interface SealRow {
  seq: string;
  event_id: string;
  hash: string;
  seal: string;
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Checks the audit trail with AUDIT_KEY and the blob store's newest checkpoint, calling no
 * function stored in the database (only PostgreSQL's built-ins to read the columns):
 * - each entry's seal recomputed in Node: an entry whose content changed, whose hash was
 *   recomputed (the chain re-hashed), that sits at another place than the one it was sealed at
 *   (renumbered), that was never sealed though entries after it were (inserted), and sealed
 *   entries that are gone (removed);
 * - each chain against the checkpoint: cut short (truncated: its head behind the checkpoint's),
 *   entries removed up to it (its count), or another entry sealed at its head's place;
 * - the audit functions' sources and the triggers that guard the tables: a function replaced, a
 *   trigger dropped or disabled.
 * Entries after a chain's last seal are noted, not failed: a running server seals them within
 * seconds (and `npm run audit:verify` seals them before checking).
 */
export async function verifyAuditTrail(
  db: DataSource,
  blobs: BlobStore,
  key: Buffer,
): Promise<AuditVerification> {
  // One snapshot: entries and seals the server writes meanwhile are not half seen.
  return db.transaction('REPEATABLE READ', async (manager) => {
    await manager.query(BUILT_INS_FIRST);
    return verifyIn(manager, blobs, key);
  });
}

async function verifyIn(
  db: EntityManager,
  blobs: BlobStore,
  key: Buffer,
): Promise<AuditVerification> {
  const broken: AuditFinding[] = [];
  const notes: AuditFinding[] = [];
  broken.push(...(await checkFunctions(db)), ...(await checkTriggers(db)));

  const { latest, unsigned } = await latestCheckpoint(blobs, key);
  for (const name of unsigned) {
    broken.push({
      chain: null,
      problem: `the checkpoint ${name} is not signed with AUDIT_KEY (forged, or written with another key)`,
    });
  }
  if (!latest) notes.push({ chain: null, problem: 'there is no checkpoint yet' });
  const heads = new Map((latest?.checkpoint.chains ?? []).map((h) => [h.chain, h]));

  const chainRows: { chain: number }[] = await db.query(
    `SELECT chain FROM audit_events UNION SELECT chain FROM audit_seals`,
  );
  const chains = new Set([...chainRows.map((r) => r.chain), ...heads.keys()]);
  const sealKey = auditKeys(key).seal;
  for (const chain of [...chains].sort((a, b) => a - b)) {
    const found = await checkChain(db, sealKey, chain, heads.get(chain), latest?.checkpoint.at);
    broken.push(...found.broken);
    notes.push(...found.notes);
  }

  const [size]: { entries: string; chains: string }[] = await db.query(
    `SELECT count(*) AS entries, count(DISTINCT chain) AS chains FROM audit_events`,
  );
  return {
    broken,
    notes,
    checkpoint: latest && { name: latest.name, at: latest.checkpoint.at },
    entries: Number(size.entries),
    chains: Number(size.chains),
  };
}

async function checkFunctions(db: EntityManager): Promise<AuditFinding[]> {
  const rows: { name: string; source: string }[] = await db.query(
    `SELECT p.proname AS name, p.prosrc AS source FROM pg_catalog.pg_proc p
      WHERE p.proname = ANY($1) AND p.pronamespace = 'public'::regnamespace`,
    [Object.keys(AUDIT_FUNCTIONS)],
  );
  const findings: AuditFinding[] = [];
  for (const [name, expected] of Object.entries(AUDIT_FUNCTIONS)) {
    const installed = rows.filter((r) => r.name === name);
    if (installed.length === 0) {
      findings.push({ chain: null, problem: `the database function ${name} is missing` });
    } else if (installed.some((r) => sha256(r.source) !== expected)) {
      findings.push({
        chain: null,
        problem: `the database function ${name} was replaced: it is not the one the migrations installed`,
      });
    }
  }
  return findings;
}

async function checkTriggers(db: EntityManager): Promise<AuditFinding[]> {
  const rows: { table: string; trigger: string; enabled: string }[] = await db.query(
    `SELECT c.relname AS table, t.tgname AS trigger, t.tgenabled AS enabled
       FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
      WHERE c.relname IN ('audit_events', 'audit_seals') AND NOT t.tgisinternal`,
  );
  const findings: AuditFinding[] = [];
  for (const [table, trigger] of GUARDS) {
    const row = rows.find((r) => r.table === table && r.trigger === trigger);
    if (!row) findings.push({ chain: null, problem: `the trigger ${trigger} on ${table} is gone` });
    else if (row.enabled === 'D') {
      findings.push({ chain: null, problem: `the trigger ${trigger} on ${table} is disabled` });
    }
  }
  return findings;
}

/** Walks one chain's entries and seals side by side, a window of places at a time. */
async function checkChain(
  db: EntityManager,
  sealKey: Buffer,
  chain: number,
  head: ChainHead | undefined,
  checkpointAt: string | undefined,
): Promise<{ broken: AuditFinding[]; notes: AuditFinding[] }> {
  const broken: AuditFinding[] = [];
  const notes: AuditFinding[] = [];
  const [ends]: { first: string | null; last: string | null; sealed: string | null }[] =
    await db.query(
      `SELECT least((SELECT min(seq) FROM audit_events WHERE chain = $1),
                    (SELECT min(seq) FROM audit_seals WHERE chain = $1))::text AS first,
              (SELECT max(seq) FROM audit_events WHERE chain = $1)::text AS last,
              (SELECT max(seq) FROM audit_seals WHERE chain = $1)::text AS sealed`,
      [chain],
    );
  const lastEntry = ends.last === null ? 0 : Number(ends.last);
  const lastSeal = ends.sealed === null ? 0 : Number(ends.sealed);
  let unsealed = 0;
  let firstUnsealed: number | undefined;
  /** The seal before the window's first place, and the last entry's place seen. */
  let previousSeal: SealRow | undefined;
  let previousEntry = 0;

  let lo = ends.first === null ? undefined : Number(ends.first);
  while (lo !== undefined) {
    const hi = lo + WINDOW;
    const entries: EntryRow[] = await db.query(
      `SELECT ${ENTRY_COLUMNS} FROM audit_events e
        WHERE e.chain = $1 AND e.seq >= $2 AND e.seq < $3 ORDER BY e.seq`,
      [chain, lo, hi],
    );
    const sealRows: SealRow[] = await db.query(
      `SELECT seq::text AS seq, event_id::text AS event_id, hash, seal FROM audit_seals
        WHERE chain = $1 AND seq >= $2 AND seq < $3 ORDER BY seq`,
      [chain, lo, hi],
    );
    const seals = new Map(sealRows.map((s) => [Number(s.seq), s]));
    const entryAt = new Map(entries.map((e) => [Number(e.seq), e]));
    // Where the entries and seals that do not meet at one place are (renumbered, removed):
    // looked up only in a window that has such, in two statements.
    const strayEntries = entries.filter((e) => seals.get(Number(e.seq))?.event_id !== e.id);
    const straySeals = sealRows.filter((s) => entryAt.get(Number(s.seq))?.id !== s.event_id);
    const sealedPlace = await placesOf(
      db,
      'audit_seals',
      'event_id',
      chain,
      strayEntries.map((e) => e.id),
    );
    const entryPlace = await placesOf(
      db,
      'audit_events',
      'id',
      chain,
      straySeals.map((s) => s.event_id),
    );

    for (const entry of entries) {
      const seq = Number(entry.seq);
      const id = Number(entry.id);
      const at = { chain, seq, id };
      // A gap no seal names (a seal of a removed entry names it below): entries removed before
      // they were sealed, or together with their seals.
      if (seq > previousEntry + 1 && !anySealIn(seals, previousEntry + 1, seq - 1)) {
        broken.push({ ...at, problem: gapWords(previousEntry + 1, seq - 1) });
      }
      previousEntry = seq;
      const seal = seals.get(seq);
      if (!seal) {
        if (seq > lastSeal) {
          unsealed++;
          firstUnsealed ??= seq;
        } else {
          broken.push({
            ...at,
            problem:
              'it has no seal though entries after it are sealed: inserted behind the server, or its seal removed',
          });
        }
        continue;
      }
      if (seal.event_id !== entry.id) {
        const sealedAt = sealedPlace.get(entry.id);
        broken.push({
          ...at,
          problem:
            sealedAt === undefined
              ? `it is not the entry sealed at this place (id ${seal.event_id}): inserted or replaced`
              : `it was renumbered: it was sealed as entry ${sealedAt}`,
        });
        continue;
      }
      const before = seq === 1 ? null : (seals.get(seq - 1) ?? previousSealAt(previousSeal, seq));
      if (before === undefined) {
        broken.push({ ...at, problem: 'it cannot be checked: the seal before it is gone' });
        continue;
      }
      const intact = sameHex(sealOf(sealKey, before?.seal ?? null, entry, seal.hash), seal.seal);
      const rehashed = entry.hash !== seal.hash;
      if (!intact) {
        broken.push({
          ...at,
          problem: rehashed
            ? 'its content was changed and its hash recomputed to match: the chain was re-hashed'
            : 'its content was changed',
        });
      } else if (rehashed) {
        broken.push({
          ...at,
          problem:
            'its hash was recomputed though its content is as sealed: the chain was re-hashed',
        });
      }
    }

    for (const seal of straySeals) {
      const seq = Number(seal.seq);
      // Its entry elsewhere in the chain: renumbered, named at the entry.
      if (entryPlace.has(seal.event_id)) continue;
      broken.push({
        chain,
        seq,
        id: Number(seal.event_id),
        problem: `entry ${seq} (id ${seal.event_id}) was removed`,
      });
    }

    previousSeal = sealRows.at(-1) ?? previousSeal;
    const [next]: { next: string | null }[] = await db.query(
      `SELECT least((SELECT min(seq) FROM audit_events WHERE chain = $1 AND seq >= $2),
                    (SELECT min(seq) FROM audit_seals WHERE chain = $1 AND seq >= $2))::text AS next`,
      [chain, hi],
    );
    lo = next.next === null ? undefined : Number(next.next);
  }

  if (head) {
    const since = `the checkpoint of ${checkpointAt}`;
    if (lastEntry < head.seq) {
      broken.push({
        chain,
        seq: head.seq,
        problem:
          lastEntry === 0
            ? `the chain is gone: ${since} recorded ${head.seq} entries (truncated)`
            : `it was truncated: it ends at entry ${lastEntry}, ${since} recorded it up to entry ${head.seq}`,
      });
    }
    const [at]: { seal: string | null; count: string }[] = await db.query(
      `SELECT (SELECT seal FROM audit_seals WHERE chain = $1 AND seq = $2) AS seal,
              (SELECT count(*) FROM audit_events WHERE chain = $1 AND seq <= $2)::text AS count`,
      [chain, head.seq],
    );
    if (at.seal !== null && !sameHex(at.seal, head.seal)) {
      broken.push({
        chain,
        seq: head.seq,
        problem: `the seal of entry ${head.seq} is not the one ${since} recorded: entries were removed or replaced and sealed again`,
      });
    }
    if (Number(at.count) < head.count) {
      broken.push({
        chain,
        seq: head.seq,
        problem: `${head.count - Number(at.count)} of the ${head.count} entries up to entry ${head.seq} that ${since} counted are gone`,
      });
    }
  }
  if (unsealed > 0) {
    notes.push({
      chain,
      seq: firstUnsealed,
      problem: `${unsealed} entr${unsealed === 1 ? 'y is' : 'ies are'} not sealed yet (from entry ${firstUnsealed}); a running server seals them`,
    });
  }
  if (broken.length > NAMED_PER_CHAIN) {
    const more = broken.length - NAMED_PER_CHAIN;
    broken.splice(NAMED_PER_CHAIN, more, {
      chain,
      problem: `and ${more} more finding(s) in this chain`,
    });
  }
  return { broken, notes };
}

const gapWords = (from: number, to: number) =>
  from === to
    ? `entry ${from} before it is missing, with no seal naming it`
    : `entries ${from} to ${to} before it are missing, with no seal naming them`;

function anySealIn(seals: Map<number, SealRow>, from: number, to: number): boolean {
  for (let seq = from; seq <= to; seq++) if (seals.has(seq)) return true;
  return false;
}

/** The previous window's last seal, when it is the one right before `seq`. */
const previousSealAt = (previous: SealRow | undefined, seq: number) =>
  previous && Number(previous.seq) === seq - 1 ? previous : undefined;

/** The places (seq) of the given ids in `table`'s chain: entries by id, seals by event id. */
async function placesOf(
  db: EntityManager,
  table: 'audit_events' | 'audit_seals',
  column: 'id' | 'event_id',
  chain: number,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows: { id: string; seq: string }[] = await db.query(
    `SELECT ${column}::text AS id, seq::text AS seq FROM ${table}
      WHERE chain = $1 AND ${column} = ANY($2::bigint[])`,
    [chain, ids],
  );
  return new Map(rows.map((r) => [r.id, Number(r.seq)]));
}
