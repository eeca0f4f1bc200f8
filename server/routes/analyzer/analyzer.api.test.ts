import { VIAL_VERSIONS } from '../../../shared/api/vials';
import { rejectionForValue, worstRejectionPercent } from '../../../shared/rejection/model';
import { expected, relativeError } from '../../../shared/vial/testing/fixtures';
import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient;
let admin: ApiClient;
let member: ApiClient;
let hospital: number;
let courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, admin, member] = await Promise.all(
    ['staff', 'admin', 'member'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

describe('analyzer settings', () => {
  it('answers the default thresholds before any are saved', async () => {
    const res = await member.get(`/v2/institutes/${hospital}/analyzer`);
    expect(res.body).toEqual({
      id: null,
      make: null,
      model: null,
      ldh_threshold: 15,
      asat_threshold: 40,
      potassium_threshold: 90,
    });
  });

  it.each([
    ['ldh_threshold', 'LDH threshold is required.'],
    ['asat_threshold', 'ASAT threshold is required.'],
    ['potassium_threshold', 'Potassium threshold is required.'],
  ])('requires %s', async (field, msg) => {
    const body: Record<string, unknown> = {
      ldh_threshold: 15,
      asat_threshold: 40,
      potassium_threshold: 90,
    };
    body[field] = '';
    const res = await admin.patch(`/v2/institutes/${hospital}/analyzer`, body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', field], msg });
  });

  it('lets admins edit but not members, and recomputes the records’ rejection', async () => {
    const { body: line } = await member.post(`/v2/institutes/${hospital}/lines`, {
      name: 'Thresholds',
    });
    const [id] = await insertProcessedRecords(server.ctx.db, hospital, line.id, [{ auc: 500 }]);
    const thresholds = { ldh_threshold: 25, asat_threshold: 40, potassium_threshold: 90 };
    expect((await member.patch(`/v2/institutes/${hospital}/analyzer`, thresholds)).status).toBe(
      403,
    );
    const res = await admin.patch(`/v2/institutes/${hospital}/analyzer`, {
      ...thresholds,
      make: 'Roche',
      model: 'cobas',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ make: 'Roche', model: 'cobas', ldh_threshold: 25 });
    expect(res.body.id).toEqual(expect.any(Number));
    const record = (await member.get(`/v2/records/${id}`)).body;
    expect(record.metrics.rejection).toBeCloseTo(
      worstRejectionPercent(500, { ldh: 25, asat: 40, potassium: 90 }),
      12,
    );
    expect(record.metrics.rejection).toBeLessThan(worstRejectionPercent(500));
  });
});

describe('rejection calculator', () => {
  it('reproduces the rejection vectors of the fixtures at the default thresholds', async () => {
    const values = [...new Set(expected.rejection.map((v) => v.value))];
    const answers = new Map<number, any>();
    for (const value of values) {
      const res = await staff.get(`/v2/institutes/${courier}/analyzer/rejection?value=${value}`);
      expect(res.status).toBe(200);
      answers.set(value, res.body);
    }
    for (const vector of expected.rejection) {
      const got = answers.get(vector.value)[vector.analyte];
      expect(got.cutoff).toBe(vector.cutoff);
      for (const key of ['probability', 'low', 'high'] as const) {
        expect(relativeError(got[key], vector[key])).toBeLessThanOrEqual(1e-6);
      }
    }
    expect(answers.get(values[0]).model).toEqual({
      source: 'default',
      n: 0,
      mu: Math.log(4),
      sigma: 0.8,
      k: 0.01,
      k_low: 0.006,
      k_high: 0.014,
    });
  });

  it('uses the institute’s thresholds and is for staff only', async () => {
    const res = await staff.get(`/v2/institutes/${hospital}/analyzer/rejection?value=500`);
    expect(res.body.analyzer.ldh_threshold).toBe(25);
    expect(res.body.ldh.probability).toBeCloseTo(
      rejectionForValue(500, { ldh: 25, asat: 40, potassium: 90 }).ldh.probability,
      12,
    );
    expect(
      (await admin.get(`/v2/institutes/${hospital}/analyzer/rejection?value=500`)).status,
    ).toBe(403);
    expect(
      (await staff.get(`/v2/institutes/${hospital}/analyzer/rejection?value=abc`)).status,
    ).toBe(422);
  });
});

describe('form choices', () => {
  it('lists manufacturers, analyzer makes and models, vial versions, and relationships for staff', async () => {
    const values = async (path: string, client = member) =>
      (await client.get(path)).body.map((c: { value: string }) => c.value);
    expect(await values('/v2/types/manufacturers')).toEqual([
      'Swisslog',
      'Aerocom',
      'Sumetzberger',
      'Siemens',
      'Telecom Logistics',
      'Other',
    ]);
    expect(await values('/v2/types/analyzer/makes')).toContain('Beckman Coulter');
    expect(await values('/v2/types/vials/versions')).toEqual([...VIAL_VERSIONS]);
    const models = (await member.get('/v2/types/analyzers')).body;
    expect(models).toContainEqual({ value: 'cobas c 501', label: 'cobas c 501', make: 'Roche' });
    expect(new Set(models.map((m: { make: string }) => m.make))).toEqual(
      new Set(['Roche', 'Abbott', 'Siemens Healthineers', 'Beckman Coulter', 'Ortho']),
    );
    // The words the screens show (the organization selector groups by them).
    const relationships = (await staff.get('/v2/types/institutes/relationship')).body;
    expect(relationships).toContainEqual({ value: 'partner_aerocom', label: 'Partner: Aerocom' });
    expect(relationships).toContainEqual({ value: 'poc', label: 'Proof of Concept' });
    expect(relationships).toContainEqual({ value: 'none', label: 'No Relationship' });
    expect((await member.get('/v2/types/institutes/relationship')).status).toBe(403);
  });
});
