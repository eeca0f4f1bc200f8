import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** A clinical data CSV whose header names the enzyme unit (`ldh (µkat/L)`). */

let server: TestServer;
let member: ApiClient;
let hospital: number;

const importCsv = (content: string, headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))]), 'lab.csv');
  return member.request('POST', `/v2/institutes/${hospital}/clinical-data/import`, {
    body: form,
    headers,
  });
};

beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('member@example.org');
  ({ hospital } = await server.demoInstitutes());
  await server.ctx.db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = $1`,
    [hospital],
  );
});
afterAll(() => server.stop());

it('stores µkat/L exactly ×60, in U/L', async () => {
  const answer = await importCsv('date,ldh (µkat/L),asat (µkat/L)\n2025-04-01,4.07,0.45\n');
  expect(answer.status).toBe(201);
  const [row] = await server.ctx.db.query(
    `SELECT ldh::text AS ldh, asat::text AS asat FROM clinical_data
      WHERE institute_id = $1 ORDER BY id DESC LIMIT 1`,
    [hospital],
  );
  expect([Number(row.ldh), Number(row.asat)]).toEqual([244.2, 27]);
});

it('refuses a unit that is not the column’s, in the language asked for', async () => {
  const answer = await importCsv('date,potassium (µkat/L)\n2025-04-01,4\n', {
    'Accept-Language': 'sv',
  });
  expect(answer.status).toBe(422);
  expect(JSON.stringify(answer.body)).toContain(
    '”µkat/l” är inte en enhet för potassium: använd U/L eller µkat/L.',
  );
});
