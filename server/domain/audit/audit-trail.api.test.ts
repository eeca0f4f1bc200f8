import type { ApiClient } from '../../../testing/http';
import { expected } from '../../../shared/vial/testing/fixtures';
import { insertProcessedRecords } from '../../../testing/lines';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { sealAuditTrail } from './seal';
import { verifyAuditTrail } from './verify';

/**
 * The audit trail at the database: written in the change's transaction by the triggers, with the
 * request's actor; refused any change; its chains checked by the verifier (`npm run
 * audit:verify`). The walk over every write operation is in server/http/openapi-conformance.
 */
let server: TestServer;
let owner: ApiClient;
let hospital: number;
let line: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login('owner@example.org');
  ({ hospital } = await server.demoInstitutes());
  line = (await owner.post(`/v2/institutes/${hospital}/lines`, { name: 'Audited' })).body.id;
}, 60_000);
afterAll(() => server.stop());

interface Entry {
  id: string;
  seq: string;
  chain: number;
  actor_id: number | null;
  actor_email: string | null;
  request_id: string | null;
  client_address: string | null;
  object_type: string;
  object_id: string;
  action: string;
  changes: Record<string, unknown>;
}

const entriesOf = (objectType: string, objectId: number | string): Promise<Entry[]> =>
  server.ctx.db.query(
    `SELECT * FROM audit_events WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
    [objectType, String(objectId)],
  );

it('records who changed which field of a record, from what to what, with the request', async () => {
  const [record] = await insertProcessedRecords(server.ctx.db, hospital, line, [{ auc: 100 }]);
  const res = await owner.patch(`/v2/records/${record}`, { exclude: true });
  expect(res.status).toBe(200);
  const entries = await entriesOf('record', record);
  const update = entries.at(-1)!;
  expect(update).toMatchObject({
    action: 'updated',
    chain: hospital,
    actor_email: 'owner@example.org',
    request_id: res.headers.get('x-request-id'),
    changes: { exclude: { before: false, after: true } },
  });
  expect(update.client_address).toBeTruthy();
});

it('writes nothing for a change that was rolled back', async () => {
  const before = await entriesOf('line', 'rolled back');
  const db = server.ctx.db;
  await expect(
    db.transaction(async (manager) => {
      await manager.query(`INSERT INTO lines (name, institute_id) VALUES ('Rolled back', $1)`, [
        hospital,
      ]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  const [{ count }] = await db.query(
    `SELECT count(*)::int AS count FROM audit_events
      WHERE object_type = 'line' AND changes->'name'->>'after' = 'Rolled back'`,
  );
  expect(count).toBe(0);
  expect(before).toEqual([]);
});

it('keeps secrets out: a password change is recorded as changed, without the hash', async () => {
  const [me]: { id: number }[] = await server.ctx.db.query(
    `SELECT id FROM users WHERE email = 'owner@example.org'`,
  );
  await server.ctx.db.query(`UPDATE users SET password_hash = 'x' || password_hash WHERE id = $1`, [
    me.id,
  ]);
  const entry = (await entriesOf('user', me.id)).at(-1)!;
  expect(entry.action).toBe('password_changed');
  expect(entry.changes).toEqual({ password_hash: { changed: true } });
});

it('records sign-ins and failed sign-ins with the account tried', async () => {
  await server.login('member@example.org');
  const failed = await server.api.form('/v2/auth/token', {
    username: 'member@example.org',
    password: 'not the password',
  });
  expect(failed.status).toBe(400);
  const rows: Entry[] = await server.ctx.db.query(
    `SELECT * FROM audit_events WHERE actor_email = 'member@example.org' ORDER BY id`,
  );
  expect(rows.map((r) => r.action).slice(-2)).toEqual(['signed_in', 'sign_in_failed']);
});

it('refuses to change or delete an entry, or to empty the table', async () => {
  const db = server.ctx.db;
  await expect(db.query(`UPDATE audit_events SET action = 'x'`)).rejects.toThrow(
    /audit trail cannot be changed/,
  );
  await expect(db.query(`DELETE FROM audit_events`)).rejects.toThrow(
    /audit trail cannot be changed/,
  );
  await expect(db.query(`TRUNCATE audit_events`)).rejects.toThrow(/audit trail cannot be changed/);
});

it('links each chain without gaps, and the verifier names a row changed behind its back', async () => {
  const db = server.ctx.db;
  const key = server.ctx.config.audit.key;
  const verify = async () => (await verifyAuditTrail(db, server.ctx.blobs, key)).broken;
  expect(await verify()).toEqual([]);
  await owner.patch(`/v2/lines/${line}`, { description: 'First' });
  await owner.patch(`/v2/lines/${line}`, { description: 'Second' });
  const [first, second] = (await entriesOf('line', line)).slice(-2);
  expect(Number(second.seq)).toBe(Number(first.seq) + 1);
  // Sealed now rather than by the server's next round (audit-tamper.api.test.ts shows more).
  await sealAuditTrail(db, key);

  // Someone with the database's keys edits an entry with the trigger off.
  await db.query(`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
  try {
    await db.query(
      `UPDATE audit_events SET changes = '{"description": {"after": "Forged"}}' WHERE id = $1`,
      [first.id],
    );
  } finally {
    await db.query(`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
  }
  expect(await verify()).toEqual([
    {
      chain: hospital,
      seq: Number(first.seq),
      id: Number(first.id),
      problem: 'its content was changed',
    },
  ]);
});

it('records an upload by its uploader, then its processing by the product', async () => {
  const staff = await server.login('staff@example.org');
  await registerFixtureVials(staff, hospital);
  const run = Object.values(expected.records)[0]!;
  const uploaded = await uploadFixture(owner, hospital, run.file, run.vial_uuid);
  expect(uploaded.status).toBe(201);
  await waitProcessed(owner, uploaded.body.id);
  const entries = await entriesOf('record', uploaded.body.id);
  expect(entries[0]).toMatchObject({ action: 'created', actor_email: 'owner@example.org' });
  expect(
    entries.find((e) => e.action === 'processed' || e.action === 'processing_failed'),
  ).toMatchObject({ actor_email: null });
});

it('records every export: who, which data, its filters and format', async () => {
  const res = await owner.get(`/v2/institutes/${hospital}/records/export?format=csv&exclude=false`);
  expect(res.status).toBe(200);
  const [entry]: Entry[] = await server.ctx.db.query(
    `SELECT * FROM audit_events WHERE action = 'exported' ORDER BY id DESC LIMIT 1`,
  );
  expect(entry).toMatchObject({
    object_type: 'export',
    object_id: `records-${hospital}`,
    actor_email: 'owner@example.org',
    changes: { format: 'csv', filters: { exclude: false } },
  });
});
