import {
  DEFAULT_FEATURE_FLAGS,
  FLAG_OFF_DETAIL,
  TROUBLESHOOTING_EXEMPT_INSTITUTE_ID,
  type FeatureFlags,
  type ServerGatedFlag,
} from '../../../shared/domain/feature-flags';
import { expected } from '../../../shared/vial/testing/fixtures';
import type { Answer, ApiClient } from '../../../testing/http';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Every endpoint of a flag-gated area, as the server enforces it: with the institute's flag off
 * a customer gets 403 and the flag's detail, with it on the endpoint answers; the provider's
 * staff use every area whatever the flags (their overrides only change what they see).
 */

let server: TestServer;
let staff: ApiClient, admin: ApiClient, member: ApiClient;
let hospital: number, courier: number;
let line: number;
let record: number;

const ALL_ON: FeatureFlags = {
  ...DEFAULT_FEATURE_FLAGS,
  validation: true,
  troubleshooting: true,
  clinicalData: true,
  hemolysisTracking: true,
};

const setFlags = (id: number, flags: FeatureFlags | null) =>
  server.ctx.db.query('UPDATE institutes SET feature_flags = $2 WHERE id = $1', [
    id,
    flags === null ? null : JSON.stringify(flags),
  ]);

const PDF = Buffer.from('%PDF-1.4\n% a tiny stand-in\n%%EOF\n');
const reportForm = (title: string) => {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(PDF)]), 'report.pdf');
  return form;
};

let names = 0;
/** A fresh validation of the hospital (made by staff, who may whatever the flags). */
async function validation(complete = false): Promise<number> {
  const { body } = await staff.post(`/v2/institutes/${hospital}/validations`, {
    name: `Gate ${++names}`,
    start_date: '2026-02-02',
    duration_days: 1,
    lines: [line],
  });
  if (complete) await staff.post(`/v2/validations/${body.id}/complete`);
  return body.id as number;
}

async function report(): Promise<number> {
  const res = await staff.multipart(
    `/v2/reports/institutes/${hospital}/validations/${await validation(true)}`,
    reportForm('Gate report'),
  );
  return res.body.id as number;
}

/**
 * One gated endpoint: `call` makes whatever it acts on (fresh each time, as a call may delete
 * it) and calls it as the given client. `customer` is who the flag test calls it as: the
 * lowest role the endpoint allows; `staffOnly` endpoints answer customers 403 either way.
 */
interface Gated {
  flag: ServerGatedFlag;
  endpoint: string;
  customer: 'member' | 'admin';
  staffOnly?: boolean;
  ok: number;
  call: (client: ApiClient) => Promise<Answer>;
}

const GATED: Gated[] = [
  {
    flag: 'validation',
    endpoint: 'GET /v2/institutes/{id}/validations',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/institutes/${hospital}/validations`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/institutes/{id}/validations/latest',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/institutes/${hospital}/validations/latest`),
  },
  {
    flag: 'validation',
    endpoint: 'POST /v2/institutes/{id}/validations',
    customer: 'member',
    ok: 201,
    call: (c) =>
      c.post(`/v2/institutes/${hospital}/validations`, {
        name: `Gate ${++names}`,
        start_date: '2026-02-02',
        duration_days: 1,
        lines: [line],
      }),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/validations/{id}',
    customer: 'member',
    ok: 200,
    call: async (c) => c.get(`/v2/validations/${await validation()}`),
  },
  {
    flag: 'validation',
    endpoint: 'PATCH /v2/validations/{id}',
    customer: 'member',
    ok: 200,
    call: async (c) => c.patch(`/v2/validations/${await validation()}`, { duration_days: 2 }),
  },
  {
    flag: 'validation',
    endpoint: 'DELETE /v2/validations/{id}',
    customer: 'member',
    ok: 204,
    call: async (c) => c.delete(`/v2/validations/${await validation()}`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/validations/{id}/summary',
    customer: 'member',
    ok: 200,
    call: async (c) => c.get(`/v2/validations/${await validation()}/summary`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/validations/{id}/lines',
    customer: 'member',
    ok: 200,
    call: async (c) => c.get(`/v2/validations/${await validation()}/lines`),
  },
  {
    flag: 'validation',
    endpoint: 'POST /v2/validations/{id}/complete',
    customer: 'member',
    ok: 200,
    call: async (c) => c.post(`/v2/validations/${await validation()}/complete`),
  },
  {
    flag: 'validation',
    endpoint: 'POST /v2/validations/{id}/request-report',
    customer: 'member',
    ok: 201,
    call: async (c) => c.post(`/v2/validations/${await validation(true)}/request-report`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/lines/{id}/validations',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/lines/${line}/validations`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/institutes/{id}/reports',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/institutes/${hospital}/reports`),
  },
  {
    flag: 'validation',
    endpoint: 'POST /v2/institutes/{id}/reports',
    customer: 'admin',
    staffOnly: true,
    ok: 201,
    call: (c) => c.multipart(`/v2/institutes/${hospital}/reports`, reportForm('Loose report')),
  },
  {
    flag: 'validation',
    endpoint: 'POST /v2/reports/institutes/{id}/validations/{vid}',
    customer: 'admin',
    staffOnly: true,
    ok: 201,
    call: async (c) =>
      c.multipart(
        `/v2/reports/institutes/${hospital}/validations/${await validation(true)}`,
        reportForm('Validation report'),
      ),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/reports/{id}',
    customer: 'member',
    ok: 200,
    call: async (c) => c.get(`/v2/reports/${await report()}`),
  },
  {
    flag: 'validation',
    endpoint: 'PATCH /v2/reports/{id}',
    customer: 'admin',
    ok: 200,
    call: async (c) => c.patch(`/v2/reports/${await report()}`, { title: 'Renamed' }),
  },
  {
    flag: 'validation',
    endpoint: 'DELETE /v2/reports/{id}',
    customer: 'admin',
    staffOnly: true,
    ok: 204,
    call: async (c) => c.delete(`/v2/reports/${await report()}`),
  },
  {
    flag: 'validation',
    endpoint: 'GET /v2/reports/{id}/download',
    customer: 'member',
    ok: 200,
    call: async (c) => c.get(`/v2/reports/${await report()}/download`),
  },
  ...(['acceleration', 'temperature'] as const).map((type): Gated => ({
    flag: 'troubleshooting',
    endpoint: `GET /v2/records/{id}/data?type=${type}`,
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/records/${record}/data?type=${type}`),
  })),
  // Each of these areas has its own walk of its endpoints; here, that staff pass its gate too.
  {
    flag: 'clinicalData',
    endpoint: 'GET /v2/institutes/{id}/clinical-data',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/institutes/${hospital}/clinical-data`),
  },
  {
    flag: 'hemolysisTracking',
    endpoint: 'GET /v2/institutes/{id}/hemolysis-index-data',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/institutes/${hospital}/hemolysis-index-data`),
  },
  {
    flag: 'troubleshooting',
    endpoint: 'GET /v2/records/{id}/cumulative',
    customer: 'member',
    ok: 200,
    call: (c) => c.get(`/v2/records/${record}/cumulative?metric=auc`),
  },
];

beforeAll(async () => {
  server = await startTestServer();
  [staff, admin, member] = await Promise.all(
    ['staff', 'admin', 'member'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  await setFlags(hospital, ALL_ON);
  line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Gate line' })).body.id;
  await registerFixtureVials(staff, hospital);
  const run = expected.records['pts-typical'];
  record = (await uploadFixture(member, hospital, run.file, run.vial_uuid)).body.id;
  await waitProcessed(member, record);
});
afterAll(() => server.stop());

const clientFor = (who: Gated['customer']) => (who === 'admin' ? admin : member);

describe.each(GATED)('$endpoint ($flag)', ({ flag, customer, staffOnly, ok, call }) => {
  afterEach(() => setFlags(hospital, ALL_ON));

  it(`answers a customer 403 with the flag's detail while it is off, ${staffOnly ? 'then only its role check' : ok} with it on`, async () => {
    await setFlags(hospital, { ...ALL_ON, [flag]: false });
    const off = await call(clientFor(customer));
    expect([off.status, off.body?.detail]).toEqual([403, FLAG_OFF_DETAIL[flag]]);

    await setFlags(hospital, ALL_ON);
    const on = await call(clientFor(customer));
    if (staffOnly) expect([on.status, on.body?.detail]).not.toEqual([403, FLAG_OFF_DETAIL[flag]]);
    else expect(on.status).toBe(ok);
  });

  it('answers staff with the flag off: they use every area', async () => {
    await setFlags(hospital, { ...ALL_ON, [flag]: false });
    expect((await call(staff)).status).toBe(ok);
  });
});

describe('the troubleshooting exemption', () => {
  it(`opens the time details of institute ${TROUBLESHOOTING_EXEMPT_INSTITUTE_ID} without the flag, no other`, async () => {
    const exempt = TROUBLESHOOTING_EXEMPT_INSTITUTE_ID;
    await server.ctx.db.query(
      `INSERT INTO institutes (id, name, feature_flags) VALUES ($1, 'Exempt Lab', NULL)`,
      [exempt],
    );
    const memberId = (await member.get('/v2/auth/account')).body.id;
    await server.ctx.db.query(
      'INSERT INTO user_institutes (user_id, institute_id) VALUES ($1, $2), ($1, $3)',
      [memberId, exempt, courier],
    );
    const series = `/v2/records/${record}/data?type=acceleration`;

    await server.ctx.db.query('UPDATE records SET institute_id = $2 WHERE id = $1', [
      record,
      courier,
    ]);
    const closed = await member.get(series);
    expect([closed.status, closed.body.detail]).toEqual([403, FLAG_OFF_DETAIL.troubleshooting]);

    await server.ctx.db.query('UPDATE records SET institute_id = $2 WHERE id = $1', [
      record,
      exempt,
    ]);
    expect((await member.get(series)).status).toBe(200);
  });
});
