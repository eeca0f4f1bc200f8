import { Client } from 'pg';
import { expected } from '../../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

/**
 * The records list keeps its answers while the institute is unchanged (server/http/answer-cache.ts).
 * Changes made past this server (another process, psql) show at the next request all the same,
 * and a user who lost access is refused though an answer of theirs is kept.
 */
let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, record: number;
let other: Client;

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  [member, guest] = await Promise.all([
    server.login('member@example.org'),
    server.login('guest@example.org'),
  ]);
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
  const want = Object.values(expected.records)[0];
  record = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body.id;
  await waitProcessed(member, record);
  other = new Client({ connectionString: server.ctx.config.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await server?.stop();
});

const listed = async (client: ApiClient, query = '') => {
  const res = await client.get(`/v2/institutes/${hospital}/records?ordering=-date${query}`);
  expect(res.status).toBe(200);
  return res.body as { items: { id: number; line: { name: string } | null; hidden: boolean }[] };
};
const shown = async (client: ApiClient, query = '') =>
  (await listed(client, query)).items.find((r) => r.id === record);

it('answers the same again, and shows a change made past the server at the next request', async () => {
  expect(await listed(member)).toEqual(await listed(member));
  const { rows } = await other.query(
    `INSERT INTO lines (name, institute_id) VALUES ('Tube 4', $1) RETURNING id`,
    [hospital],
  );
  await other.query('UPDATE records SET line_id = $1 WHERE id = $2', [rows[0].id, record]);
  expect((await shown(member))?.line?.name).toBe('Tube 4');
  await other.query(`UPDATE lines SET name = 'Tube 5' WHERE id = $1`, [rows[0].id]);
  expect((await shown(member))?.line?.name).toBe('Tube 5');
});

it('shows what each role may see: a record hidden is gone for a member, not for staff', async () => {
  expect(await shown(member)).toBeDefined();
  await other.query('UPDATE records SET hidden = true WHERE id = $1', [record]);
  expect(await shown(member)).toBeUndefined();
  expect((await shown(staff, '&include_hidden=true'))?.hidden).toBe(true);
  await other.query('UPDATE records SET hidden = false WHERE id = $1', [record]);
});

it('refuses a user who left the institute, though their answer is kept', async () => {
  await listed(guest);
  const { rows } = await other.query(
    `DELETE FROM user_institutes WHERE institute_id = $1
       AND user_id = (SELECT id FROM users WHERE email = 'guest@example.org') RETURNING *`,
    [hospital],
  );
  expect(rows).toHaveLength(1);
  const res = await guest.get(`/v2/institutes/${hospital}/records?ordering=-date`);
  expect(res.status).toBe(404);
});
