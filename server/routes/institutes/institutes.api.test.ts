import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number, provider: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, owner, admin, member, guest] = await Promise.all(
    ['staff', 'owner', 'admin', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  const all = (await staff.get('/v2/institutes?size=100')).body.items as {
    id: number;
    name: string;
  }[];
  const id = (name: string) => all.find((i) => i.name === name)!.id;
  hospital = id('Northfield General Hospital');
  courier = id('Lakeside Courier Services');
  provider = id('VialQC Provider');
});
afterAll(() => server.stop());

describe('GET /v2/institutes', () => {
  it('lists every institute for staff and only their own for others', async () => {
    expect((await staff.get('/v2/institutes')).body.total).toBe(3);
    const mine = await admin.get('/v2/institutes');
    expect(mine.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Lakeside Courier Services',
      'Northfield General Hospital',
    ]);
    expect((await member.get('/v2/institutes')).body.total).toBe(1);
  });

  it('searches, orders, pages and excludes archived ones', async () => {
    const found = await staff.get('/v2/institutes?search_string=north');
    expect(found.body.items).toHaveLength(1);
    const desc = await staff.get('/v2/institutes?ordering=-name&size=2&page=0');
    expect(desc.body).toMatchObject({ total: 3, items: [{ name: 'VialQC Provider' }, {}] });
    const page1 = await staff.get('/v2/institutes?ordering=-name&size=2&page=1');
    expect(page1.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Lakeside Courier Services',
    ]);
    const bad = await staff.get('/v2/institutes?ordering=password');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'ordering']);
  });
});

describe('GET /v2/institutes/:id', () => {
  it('shows feature flags (null means defaults) and the courier type', async () => {
    const res = await admin.get(`/v2/institutes/${courier}`);
    expect(res.body).toMatchObject({
      metadata_type: 'courier',
      feature_flags: null,
      has_feature_flags: false,
    });
    const defaults = await member.get('/v2/feature-flags/defaults');
    expect(defaults.body).toMatchObject({
      monitoring: true,
      validation: true,
      clinicalData: false,
    });
  });

  it("answers 404 for another institute's id, as for one that does not exist", async () => {
    for (const path of [
      `/v2/institutes/${courier}`,
      `/v2/institutes/${courier}/upload-summary`,
      `/v2/institutes/${courier}/users`,
    ]) {
      const res = await member.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
    expect((await member.get('/v2/institutes/999999')).status).toBe(404);
    expect((await member.get('/v2/institutes/abc')).status).toBe(422);
  });
});

describe('writes', () => {
  it('lets only staff create and archive institutes', async () => {
    const body = { name: 'St. Elsewhere', metadata_type: 'pts' };
    expect((await owner.post('/v2/institutes', body)).status).toBe(403);
    const created = await staff.post('/v2/institutes', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'St. Elsewhere', archived: false });
    expect((await staff.delete(`/v2/institutes/${created.body.id}`)).status).toBe(204);
    expect((await staff.get(`/v2/institutes/${created.body.id}`)).body.archived).toBe(true);
    const active = await staff.get('/v2/institutes?exclude_archived=true');
    expect(active.body.total).toBe(3);
  });

  it('validates names with the field in the 422 detail', async () => {
    const res = await staff.post('/v2/institutes', { name: 'x'.repeat(81) });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Name is too long.' });
  });

  it('lets owners edit settings but not the staff-only fields', async () => {
    const renamed = await owner.patch(`/v2/institutes/${hospital}`, { name: 'Northfield General' });
    expect(renamed.status).toBe(200);
    const flags = await owner.patch(`/v2/institutes/${hospital}`, {
      feature_flags: { alpha: true },
    });
    expect(flags.status).toBe(403);
    // Refused as a whole, naming every staff-only field it carried; nothing changes.
    const mixed = await owner.patch(`/v2/institutes/${hospital}`, {
      name: 'Renamed by owner',
      total_lines: 12,
      relationship: 'poc',
      subscription: 'none',
      partner_id: 'P-1',
      customer_since: '2020-01-01',
    });
    expect(mixed.status).toBe(403);
    expect(mixed.body.detail).toBe(
      "Only the provider's staff can change relationship, subscription, partner_id, customer_since.",
    );
    const unchanged = await owner.get(`/v2/institutes/${hospital}`);
    expect(unchanged.body).toMatchObject({ name: 'Northfield General', relationship: 'direct' });
    const ownFields = await owner.patch(`/v2/institutes/${hospital}`, {
      total_lines: 12,
      timezone: 'Europe/Berlin',
    });
    expect(ownFields.body).toMatchObject({ total_lines: 12, timezone: 'Europe/Berlin' });
    expect(
      (await owner.patch(`/v2/institutes/${hospital}`, { total_lines: null })).body,
    ).toMatchObject({ total_lines: null });
    // Silent-vial notifications (line-monitoring.md §4): 14 days unless the owner says otherwise.
    expect(unchanged.body.vial_silent_days).toBe(14);
    for (const days of [30, null]) {
      const set = await owner.patch(`/v2/institutes/${hospital}`, { vial_silent_days: days });
      expect(set.body).toMatchObject({ vial_silent_days: days });
    }
    for (const days of [0, 366, 1.5, '7']) {
      const refused = await owner.patch(`/v2/institutes/${hospital}`, { vial_silent_days: days });
      expect(refused.status).toBe(422);
    }
    expect((await admin.patch(`/v2/institutes/${hospital}`, { vial_silent_days: 7 })).status).toBe(
      403,
    );
    await owner.patch(`/v2/institutes/${hospital}`, { vial_silent_days: 14 });
    expect((await admin.patch(`/v2/institutes/${hospital}`, { name: 'Nope' })).status).toBe(403);
    expect((await guest.patch(`/v2/institutes/${hospital}`, { name: 'Nope' })).status).toBe(403);
    const byStaff = await staff.patch(`/v2/institutes/${hospital}`, {
      name: 'Northfield General Hospital',
      feature_flags: { clinicalData: true },
    });
    expect(byStaff.body).toMatchObject({
      feature_flags: { clinicalData: true },
      has_feature_flags: true,
    });
    // Another institute's owner is told it does not exist.
    expect((await owner.patch(`/v2/institutes/${courier}`, { name: 'Mine now' })).status).toBe(404);
    expect((await owner.patch(`/v2/institutes/${provider}`, { name: 'Mine now' })).status).toBe(
      404,
    );
  });
});

describe('fields the screens need', () => {
  it('says whether the caller may switch organizations (multiInstitute)', async () => {
    expect((await member.get(`/v2/institutes/${hospital}`)).body.multiInstitute).toBe(false);
    expect((await admin.get(`/v2/institutes/${hospital}`)).body.multiInstitute).toBe(true);
    expect((await staff.get(`/v2/institutes/${hospital}`)).body).toMatchObject({
      multiInstitute: true,
      institute_type: 'pts',
    });
  });

  it('keeps "use defaults" (null) apart from an explicit set', async () => {
    const created = await staff.post('/v2/institutes', {
      name: 'Flag Clinic',
      metadata_type: 'courier',
      relationship: 'poc',
      subscription: 'one_time',
      customer_since: '2024-03-01',
      total_lines: null,
    });
    expect(created.body).toMatchObject({
      feature_flags: null,
      has_feature_flags: false,
      institute_type: 'courier',
      customer_since: '2024-03-01',
    });
    const set = await staff.patch(`/v2/institutes/${created.body.id}`, {
      feature_flags: { monitoring: false },
    });
    expect(set.body).toMatchObject({
      feature_flags: { monitoring: false },
      has_feature_flags: true,
    });
    const reset = await staff.patch(`/v2/institutes/${created.body.id}`, { feature_flags: null });
    expect(reset.body).toMatchObject({ feature_flags: null, has_feature_flags: false });
    expect(
      (await staff.patch(`/v2/institutes/${created.body.id}`, { archived: true })).body.archived,
    ).toBe(true);
    expect(
      (await staff.patch(`/v2/institutes/${created.body.id}`, { archived: false })).body.archived,
    ).toBe(false);
  });

  it('sums up uploads: vials, runs and the last upload', async () => {
    const res = await owner.get(`/v2/institutes/${hospital}/upload-summary`);
    expect(res.body).toEqual({
      vials: expect.any(Number),
      total_records: expect.any(Number),
      unprocessed: expect.any(Number),
      last_upload_date: null,
      uploads_last_30_days: 0,
    });
  });
});

describe('meta', () => {
  it('answers health and an OpenAPI document built from the schemas', async () => {
    expect((await server.api.get('/v2/health')).body).toEqual({ status: 'ok' });
    const doc = (await server.api.get('/v2/openapi.json')).body;
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/v2/institutes/{id}'].patch.requestBody).toBeDefined();
    expect(doc.paths['/v2/auth/token'].post.requestBody.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
  });

  it('lets the desktop app (and only it) call the API across origins', async () => {
    const preflight = await server.api.request('OPTIONS', '/v2/auth/account', {
      headers: { Origin: 'app://vialqc', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://vialqc');
    const other = await member.request('GET', '/v2/auth/account', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown API paths and malformed JSON with a detail', async () => {
    expect((await member.get('/v2/nothing-here')).body).toEqual({ detail: 'No such endpoint.' });
    const res = await member.request('PATCH', `/v2/institutes/${hospital}`, {
      body: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request body is not valid JSON.' });
  });
});

describe('an empty change', () => {
  it('answers the institute unchanged, not a 500', async () => {
    const owner = await server.login('owner@example.org');
    const { hospital } = await server.demoInstitutes();
    const res = await owner.patch(`/v2/institutes/${hospital}`, {});
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(hospital);
  });
});
