import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { readCheckpoint, writeCheckpoint } from './checkpoint';
import { auditKeeper, CHECKPOINT_EVERY_MS } from './keeper';
import { sealAuditTrail } from './seal';
import { AUDIT_FUNCTIONS, verifyAuditTrail, type AuditFinding } from './verify';

/**
 * The audit trail against someone who holds the application's database role but not AUDIT_KEY
 * (issue 39): each way they can rewrite the trail so that the database's own hash chain looks
 * intact (what `npm run audit:verify` used to check) is named by the verifier. The server's keeper
 * is off: the test seals and checkpoints at the moments it chooses, never by time.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ audit: { key: randomBytes(32), keeper: false } });
}, 60_000);
afterAll(() => server.stop());

const db = () => server.ctx.db;
const key = () => server.ctx.config.audit.key;
const seal = () => sealAuditTrail(db(), key());
const checkpoint = () => writeCheckpoint(db(), server.ctx.blobs, key(), new Date());
const verify = () => verifyAuditTrail(db(), server.ctx.blobs, key());
const brokenIn = async (chain: number | null): Promise<AuditFinding[]> =>
  (await verify()).broken.filter((f) => f.chain === chain);

/** An organization of its own, its chain 6 entries long (itself and 5 lines), sealed, checkpointed. */
async function sealedChain(name: string): Promise<number> {
  const [{ id }]: { id: number }[] = await db().query(
    `INSERT INTO institutes (name, timezone) VALUES ($1, 'UTC') RETURNING id`,
    [name],
  );
  for (let i = 1; i <= 5; i++) {
    await db().query(`INSERT INTO lines (name, institute_id) VALUES ($1, $2)`, [`Line ${i}`, id]);
  }
  await seal();
  await checkpoint();
  return id;
}

/** What the database role can do: turn the guards off, write, turn them on again. */
async function asDatabaseRole(...statements: string[]): Promise<void> {
  await db().transaction(async (manager) => {
    await manager.query(`ALTER TABLE audit_events DISABLE TRIGGER USER`);
    await manager.query(`ALTER TABLE audit_seals DISABLE TRIGGER USER`);
    for (const statement of statements) await manager.query(statement);
    await manager.query(`ALTER TABLE audit_events ENABLE TRIGGER USER`);
    await manager.query(`ALTER TABLE audit_seals ENABLE TRIGGER USER`);
  });
}

/** Re-links a chain from `seq` on with the database's own hash function, as its triggers do. */
const rehash = (chain: number, seq: number) => `DO $$
  DECLARE r audit_events; prev character(64);
  BEGIN
    SELECT hash INTO prev FROM audit_events WHERE chain = ${chain} AND seq = ${seq - 1};
    FOR r IN SELECT * FROM audit_events WHERE chain = ${chain} AND seq >= ${seq} ORDER BY seq LOOP
      r.prev_hash := prev;
      r.hash := audit_event_hash(r);
      UPDATE audit_events SET prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
      prev := r.hash;
    END LOOP;
  END $$`;

/** The check the trail had before its seals: the database's hash chain, by its own function. */
async function databaseChainLooksIntact(chain: number): Promise<boolean> {
  const [{ problems }]: { problems: number }[] = await db().query(
    `SELECT count(*)::int AS problems FROM (
       SELECT seq <> coalesce(lag(seq) OVER w, 0) + 1
              OR prev_hash IS DISTINCT FROM lag(hash) OVER w
              OR hash <> audit_event_hash(e) AS bad
         FROM audit_events e WHERE chain = $1 WINDOW w AS (ORDER BY seq)) c WHERE bad`,
    [chain],
  );
  return problems === 0;
}

const idAt = async (chain: number, seq: number): Promise<number> =>
  Number(
    (await db().query(`SELECT id FROM audit_events WHERE chain = $1 AND seq = $2`, [chain, seq]))[0]
      .id,
  );

it('finds an untouched trail intact, and notes entries not sealed yet', async () => {
  await seal();
  expect((await verify()).broken).toEqual([]);
  const chain = await sealedChain('Untouched');
  await db().query(`INSERT INTO lines (name, institute_id) VALUES ('Late', $1)`, [chain]);
  const result = await verify();
  expect(result.broken).toEqual([]);
  expect(result.notes).toContainEqual({
    chain,
    seq: 7,
    problem: '1 entry is not sealed yet (from entry 7); a running server seals them',
  });
  await seal();
  expect((await verify()).notes.filter((n) => n.chain === chain)).toEqual([]);
});

it('names an entry edited and its chain re-hashed', async () => {
  const chain = await sealedChain('Edited');
  const id = await idAt(chain, 3);
  await asDatabaseRole(
    `UPDATE audit_events SET changes = '{"name": {"after": "Forged"}}' WHERE id = ${id}`,
    rehash(chain, 3),
  );
  expect(await databaseChainLooksIntact(chain)).toBe(true);
  const broken = await brokenIn(chain);
  expect(broken).toContainEqual({
    chain,
    seq: 3,
    id,
    problem: 'its content was changed and its hash recomputed to match: the chain was re-hashed',
  });
  expect(broken).toContainEqual({
    chain,
    seq: 4,
    id: await idAt(chain, 4),
    problem: 'its hash was recomputed though its content is as sealed: the chain was re-hashed',
  });
});

it('names an entry deleted and the rest renumbered and re-hashed', async () => {
  const chain = await sealedChain('Renumbered');
  const removed = await idAt(chain, 3);
  const moved = await idAt(chain, 4);
  await asDatabaseRole(
    `DELETE FROM audit_events WHERE id = ${removed}`,
    `DO $$ DECLARE r record; BEGIN
       FOR r IN SELECT id FROM audit_events WHERE chain = ${chain} AND seq > 3 ORDER BY seq LOOP
         UPDATE audit_events SET seq = seq - 1 WHERE id = r.id;
       END LOOP; END $$`,
    rehash(chain, 3),
    // The seal of the last place, now empty, goes too: the seals count as many as the entries.
    `DELETE FROM audit_seals WHERE chain = ${chain} AND seq = 6`,
  );
  expect(await databaseChainLooksIntact(chain)).toBe(true);
  const broken = await brokenIn(chain);
  expect(broken).toContainEqual({
    chain,
    seq: 3,
    id: removed,
    problem: `entry 3 (id ${removed}) was removed`,
  });
  expect(broken).toContainEqual({
    chain,
    seq: 3,
    id: moved,
    problem: 'it was renumbered: it was sealed as entry 4',
  });
});

it('names a chain whose last entries were cut off, seals and all', async () => {
  const chain = await sealedChain('Truncated');
  await asDatabaseRole(
    `DELETE FROM audit_events WHERE chain = ${chain} AND seq > 4`,
    `DELETE FROM audit_seals WHERE chain = ${chain} AND seq > 4`,
  );
  expect(await databaseChainLooksIntact(chain)).toBe(true);
  const result = await verify();
  const broken = result.broken.filter((f) => f.chain === chain);
  expect(broken).toContainEqual({
    chain,
    seq: 6,
    problem: `it was truncated: it ends at entry 4, the checkpoint of ${result.checkpoint!.at} recorded it up to entry 6`,
  });
  expect(broken).toContainEqual({
    chain,
    seq: 6,
    problem: `2 of the 6 entries up to entry 6 that the checkpoint of ${result.checkpoint!.at} counted are gone`,
  });

  // The next checkpoint keeps the head the chain no longer reaches: the newest one is enough.
  await seal();
  const next = await checkpoint();
  expect(next.behind).toContain(chain);
  expect(next.checkpoint.chains.find((h) => h.chain === chain)).toMatchObject({ seq: 6 });
});

it('names a replaced audit_event_hash, and the entry edited under its cover', async () => {
  const chain = await sealedChain('Replaced function');
  const [{ definition }]: { definition: string }[] = await db().query(
    `SELECT pg_get_functiondef('audit_event_hash(audit_events)'::regprocedure) AS definition`,
  );
  try {
    // A hash function that vouches for whatever hash an entry carries: any edit "verifies".
    await db().query(`
      CREATE OR REPLACE FUNCTION audit_event_hash(e audit_events) RETURNS character(64)
      LANGUAGE sql STABLE AS $$
        SELECT coalesce(e.hash, encode(sha256(convert_to(e.changes::text, 'UTF8')), 'hex'))
      $$`);
    const id = await idAt(chain, 2);
    await asDatabaseRole(
      `UPDATE audit_events SET changes = '{"name": {"after": "Forged"}}' WHERE id = ${id}`,
    );
    expect(await databaseChainLooksIntact(chain)).toBe(true);
    expect(await brokenIn(null)).toEqual([
      {
        chain: null,
        problem:
          'the database function audit_event_hash was replaced: it is not the one the migrations installed',
      },
    ]);
    expect(await brokenIn(chain)).toEqual([
      { chain, seq: 2, id, problem: 'its content was changed' },
    ]);
  } finally {
    await db().query(definition);
  }
  expect(await brokenIn(null)).toEqual([]);
});

it('holds the audit functions to the sources the migrations installed', async () => {
  const rows: { name: string; source: string }[] = await db().query(
    `SELECT proname AS name, prosrc AS source FROM pg_proc
      WHERE proname = ANY($1) AND pronamespace = 'public'::regnamespace ORDER BY proname`,
    [Object.keys(AUDIT_FUNCTIONS)],
  );
  const installed = Object.fromEntries(
    rows.map((r) => [r.name, createHash('sha256').update(r.source).digest('hex')]),
  );
  expect(installed).toEqual(AUDIT_FUNCTIONS);
});

it("a server's keeper seals, checkpoints on the hour and as it stops", async () => {
  // A day ahead of the checkpoints the other tests wrote at the real time: these are the newest.
  const start = Date.now() + 24 * 3600_000;
  let now = start;
  const errors: string[] = [];
  const keeper = auditKeeper({
    db: db(),
    blobs: server.ctx.blobs,
    key: key(),
    log: { info: () => undefined, error: (message) => errors.push(message) },
    now: () => now,
  });
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/:/g, '-');
  const checkpoints = async () =>
    (await server.ctx.blobs.listRecords('audit-checkpoints/')).filter(
      (name) => name >= `audit-checkpoints/${stamp(start)}`,
    );
  const chain = await sealedChain('Kept');
  await db().query(`INSERT INTO lines (name, institute_id) VALUES ('Kept 6', $1)`, [chain]);
  now = start + CHECKPOINT_EVERY_MS - 1;
  await keeper.tick();
  expect((await verify()).notes.filter((n) => n.chain === chain)).toEqual([]);
  expect(await checkpoints()).toEqual([]);
  now = start + CHECKPOINT_EVERY_MS;
  await keeper.tick();
  expect(await checkpoints()).toEqual([
    expect.stringContaining(`audit-checkpoints/${stamp(now)}-`),
  ]);

  await db().query(`INSERT INTO lines (name, institute_id) VALUES ('Kept 7', $1)`, [chain]);
  now += 1000;
  await keeper.stop();
  const names = await checkpoints();
  expect(names).toHaveLength(2);
  const last = readCheckpoint(key(), await server.ctx.blobs.readRecord(names[1]))!;
  expect(last.previous).toBe(names[0]);
  expect(last.chains.find((h) => h.chain === chain)).toMatchObject({ seq: 8, count: 8 });
  // Chains the tests above cut short are kept at their checkpointed heads, and said so.
  expect(errors.every((e) => /no longer reaches its last checkpoint/.test(e))).toBe(true);
});

it('names a checkpoint not signed with AUDIT_KEY', async () => {
  const name = 'audit-checkpoints/9999-01-01T00-00-00.000Z-forged.json';
  await server.ctx.blobs.writeRecord(name, Buffer.from('{"format": "vialqc-audit-checkpoint-1"}'));
  expect(await brokenIn(null)).toEqual([
    {
      chain: null,
      problem: `the checkpoint ${name} is not signed with AUDIT_KEY (forged, or written with another key)`,
    },
  ]);
});

it('npm run audit:verify names what the tests above did, and fails', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/audit/verify-cli.ts'], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL: server.ctx.config.databaseUrl,
      DATA_DIR: server.dataDir,
      AUDIT_KEY: key().toString('hex'),
    },
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(
    /at entry 3 \(id \d+\): its content was changed and its hash recomputed/,
  );
  expect(run.stderr).toMatch(/it was renumbered: it was sealed as entry 4/);
  expect(run.stderr).toMatch(/it was truncated: it ends at entry 4/);
  expect(run.stderr).toMatch(/The database: the checkpoint .* is not signed with AUDIT_KEY/);
});

it('records single sign-on password_login_allowed with its values, a client secret as changed', async () => {
  const [{ id }]: { id: number }[] = await db().query(
    `INSERT INTO institutes (name, timezone) VALUES ('Secrets', 'UTC') RETURNING id`,
  );
  await db().query(
    `INSERT INTO institute_sso (institute_id, issuer, client_id, client_secret_encrypted)
     VALUES ($1, 'https://idp.example.org', 'vialqc', 'sealed-secret')`,
    [id],
  );
  await db().query(
    `UPDATE institute_sso SET password_login_allowed = false, client_secret_encrypted = 'other'
      WHERE institute_id = $1`,
    [id],
  );
  const [entry]: { changes: Record<string, unknown> }[] = await db().query(
    `SELECT changes FROM audit_events WHERE object_type = 'sso' AND object_id = $1
      ORDER BY id DESC LIMIT 1`,
    [String(id)],
  );
  expect(entry.changes).toEqual({
    password_login_allowed: { before: true, after: false },
    client_secret_encrypted: { changed: true },
  });
});

it('masks the secrets of every audited table, and knows which names only look like one', async () => {
  // The columns of the tables audit_row records whose names look like a secret: each is in the
  // list of migration AuditSeals, or known not to be one. A new one must be decided on.
  const rows: { column: string }[] = await db().query(
    `SELECT DISTINCT c.column_name AS column
       FROM pg_trigger t
       JOIN pg_proc p ON p.oid = t.tgfoid AND p.proname = 'audit_row'
       JOIN information_schema.columns c
         ON c.table_schema = 'public' AND c.table_name = t.tgrelid::regclass::text
      WHERE c.column_name ~ '(password|secret|token|hash|key|code|nonce|encrypted)'
      ORDER BY 1`,
  );
  const [{ source }]: { source: string }[] = await db().query(
    `SELECT prosrc AS source FROM pg_proc WHERE proname = 'audit_row'`,
  );
  const masked = (column: string) => source.includes(`'${column}'`);
  const notSecrets = ['password_login_allowed'];
  expect(rows.map((r) => r.column).filter((c) => !masked(c) && !notSecrets.includes(c))).toEqual(
    [],
  );
  expect(rows.map((r) => r.column).filter(masked)).toEqual(
    expect.arrayContaining([
      'password_hash',
      'totp_secret',
      'client_secret_encrypted',
      'token_hash',
    ]),
  );
});
