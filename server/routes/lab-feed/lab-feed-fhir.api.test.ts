import type { ApiClient } from '../../../testing/http';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** The lab feed's FHIR R4 door (lab-feed.md section 3) with section 10's bundle. */

let server: TestServer;
let member: ApiClient, guest: ApiClient;
let hospital: number;
let akut: number;

const u = (n: number) => `urn:uuid:1b0f8a52-0000-4000-8000-00000000000${n}`;

const BUNDLE = (value = 'B-20250212-0001', type = 'transaction', hi: unknown = 0.42) => ({
  resourceType: 'Bundle',
  type,
  identifier: { system: 'https://lis.example.org/bundles', value },
  entry: [
    {
      fullUrl: u(1),
      request: { method: 'POST', url: 'Patient' },
      resource: { resourceType: 'Patient', name: [{ family: 'Testsson', given: ['Greta'] }] },
    },
    {
      fullUrl: u(2),
      request: { method: 'POST', url: 'Encounter' },
      resource: {
        resourceType: 'Encounter',
        status: 'in-progress',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'EMER' },
        location: [{ location: { identifier: { value: 'AKUT' } } }],
      },
    },
    {
      fullUrl: u(3),
      request: { method: 'POST', url: 'Specimen' },
      resource: {
        resourceType: 'Specimen',
        accessionIdentifier: { value: 'A250212-0003' },
        collection: { collectedDateTime: '2025-02-12T09:40:00+01:00' },
      },
    },
    {
      fullUrl: u(4),
      request: { method: 'POST', url: 'Observation' },
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'https://lis.example.org/codes', code: 'HI' }] },
        encounter: { reference: u(2) },
        specimen: { reference: u(3) },
        valueQuantity: { value: hi, unit: 'g/L', code: 'g/L' },
      },
    },
    {
      fullUrl: u(5),
      request: { method: 'POST', url: 'Observation' },
      resource: {
        resourceType: 'Observation',
        status: 'amended',
        code: { coding: [{ system: 'http://loinc.org', code: '2532-0' }] },
        encounter: { reference: u(2) },
        specimen: { reference: u(3) },
        effectiveDateTime: '2025-02-12T09:40:00+01:00',
        valueQuantity: { value: 3.5, unit: 'µkat/L', code: 'ukat/L' },
      },
    },
  ],
});

const post = (client: ApiClient, body: unknown, type = 'application/fhir+json') =>
  client.request('POST', `/v2/institutes/${hospital}/lab-feed/fhir`, {
    body: JSON.stringify(body),
    headers: { 'Content-Type': type },
  });
const statuses = (res: { body: { entry: { response: { status: string } }[] } }) =>
  res.body.entry.map((e) => e.response.status);

beforeAll(async () => {
  server = await startTestServer();
  [member, guest] = await Promise.all(
    ['member', 'guest'].map((name) => server.login(`${name}@example.org`)),
  );
  ({ hospital } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"hemolysisTracking": true}', timezone = 'Europe/Stockholm'
      WHERE id = $1`,
    [hospital],
  );
  akut = (await insertLine(db, hospital, { name: 'Akutmottagning' })).id;
  await db.query(
    `INSERT INTO lab_feed_locations (institute_id, code, line_id) VALUES ($1, 'AKUT', $2)`,
    [hospital, akut],
  );
  await db.query(
    `INSERT INTO lab_feed_codes (institute_id, system, code, analyte) VALUES
       ($1, 'https://lis.example.org/codes', 'HI', 'h_index'), ($1, 'LN', '2532-0', 'ldh')`,
    [hospital],
  );
});
afterAll(() => server.stop());

it("files section 10's bundle, then answers its resend 200 OK and files nothing", async () => {
  const res = await post(member, BUNDLE());
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  expect(res.body.type).toBe('transaction-response');
  expect(statuses(res)).toEqual(['200 OK', '200 OK', '200 OK', '201 Created', '201 Created']);
  const rows: {
    analyte: string;
    value: number;
    status: string;
    line_id: number;
    sampled_at: Date;
  }[] = await server.ctx.db.query(
    `SELECT analyte, value, status, line_id, sampled_at FROM lab_feed_results WHERE is_current ORDER BY analyte`,
  );
  expect(rows.map((r) => [r.analyte, r.value, r.status, r.line_id])).toEqual([
    ['h_index', 42, 'final', akut],
    ['ldh', 210, 'corrected', akut],
  ]);
  expect(rows[0].sampled_at.toISOString()).toBe('2025-02-12T08:40:00.000Z');
  const again = await post(member, BUNDLE(), 'application/json');
  expect(statuses(again)).toEqual(['200 OK', '200 OK', '200 OK', '200 OK', '200 OK']);
  const [{ n }] = await server.ctx.db.query(`SELECT count(*)::int AS n FROM lab_feed_results`);
  expect(n).toBe(2);
  const [all] = await server.ctx.db.query(
    `SELECT string_agg(t::text, ' ') AS all FROM lab_feed_results t`,
  );
  expect(all.all).not.toContain('Testsson');
  expect(all.all).not.toContain('A250212-0003');
});

it('refuses a transaction with a problem as a whole, and files a batch entry by entry', async () => {
  const bad = await post(member, BUNDLE('B-2', 'transaction', -1));
  expect(bad.status).toBe(400);
  expect(bad.body).toEqual({
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: 'value',
        details: { coding: [{ system: 'urn:vialqc:lab-feed-reason', code: 'negative_value' }] },
        diagnostics: 'Bundle.entry[3]: the value -1 is negative.',
        expression: ['Bundle.entry[3].resource.value[x]'],
      },
    ],
  });
  const batch = await post(member, BUNDLE('B-3', 'batch', -1));
  expect(batch.status).toBe(200);
  expect(batch.body.type).toBe('batch-response');
  expect(statuses(batch)).toEqual(['200 OK', '200 OK', '200 OK', '400 Bad Request', '201 Created']);
  expect(batch.body.entry[3].response.outcome.issue[0].details.coding[0].code).toBe(
    'negative_value',
  );
  // Section 2.2's words, with Bundle.entry[i] for the order.
  const unnamed = BUNDLE('B-4');
  delete (unnamed.entry[2].resource as { accessionIdentifier?: unknown }).accessionIdentifier;
  const noSample = await post(member, unnamed);
  expect(noSample.status).toBe(400);
  expect(noSample.body.issue.map((i: { diagnostics: string }) => i.diagnostics)).toEqual([
    'Bundle.entry[3] has no sample identifier (SPM-2, OBR-3 or OBR-2).',
    'Bundle.entry[4] has no sample identifier (SPM-2, OBR-3 or OBR-2).',
  ]);
});

it('reads a bundle above the 2 MB of other JSON bodies itself (its route takes it raw)', async () => {
  const res = await post(member, { ...BUNDLE('B-5'), pad: 'x'.repeat(3 * 1024 * 1024) });
  expect(res.status).toBe(200);
  expect(statuses(res)).toEqual(['200 OK', '200 OK', '200 OK', '201 Created', '201 Created']);
});

it('refuses what is not a bundle, other media types and guests', async () => {
  const cases: [unknown, string][] = [
    [{ resourceType: 'Patient' }, 'The body is not a FHIR R4 Bundle.'],
    [{ ...BUNDLE(), type: 'collection' }, 'Bundle.type must be transaction or batch.'],
    [
      { ...BUNDLE(), identifier: undefined },
      'Bundle.identifier (system and value) is required: it makes a resend safe.',
    ],
  ];
  for (const [body, diagnostics] of cases) {
    const res = await post(member, body);
    expect(res.status).toBe(400);
    expect(res.body.issue[0].diagnostics).toBe(diagnostics);
  }
  const wrong = await post(member, BUNDLE(), 'text/plain');
  expect(wrong.status).toBe(415);
  expect(wrong.body).toEqual({ detail: 'Send a FHIR R4 Bundle as application/fhir+json.' });
  const big = await member.request('POST', `/v2/institutes/${hospital}/lab-feed/fhir`, {
    body: JSON.stringify({ ...BUNDLE(), pad: 'x'.repeat(5 * 1024 * 1024) }),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(big.status).toBe(413);
  expect(big.body).toEqual({ detail: 'A bundle is at most 5 MiB.' });
  const denied = await post(guest, BUNDLE());
  expect(denied.status).toBe(403);
  expect(denied.body).toEqual({ detail: 'Guests cannot send results.' });
});
