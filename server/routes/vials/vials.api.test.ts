import { createHash } from 'node:crypto';
import { parseDif } from '../../../shared/vial/dif';
import { expected, readFixture } from '../../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, admin: ApiClient, owner: ApiClient, guest: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, admin, owner, guest] = await Promise.all(
    ['staff', 'member', 'admin', 'owner', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

const vial = (label: string, institute: number, uuid?: string) => ({
  label,
  version: 'VV2',
  institute,
  uuid: uuid ?? null,
  notes: '',
});

it('lets staff register vials bound to a tag UUID, unique by label and UUID', async () => {
  const created = await staff.post(
    '/v2/vials',
    vial('VV-4001', hospital, 'AAAAAAAA-1111-4111-8111-111111111111'),
  );
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    label: 'VV-4001',
    uuid: 'aaaaaaaa-1111-4111-8111-111111111111',
    institute: hospital,
    notes: null,
    is_deleted: false,
  });
  expect((await staff.post('/v2/vials', vial('VV-4001', hospital))).status).toBe(409);
  expect(
    (
      await staff.post(
        '/v2/vials',
        vial('VV-4002', hospital, 'aaaaaaaa-1111-4111-8111-111111111111'),
      )
    ).status,
  ).toBe(409);
  expect((await member.post('/v2/vials', vial('VV-4003', hospital))).status).toBe(403);
  const invalid = await staff.post('/v2/vials', { label: '', version: '' });
  expect(invalid.body.detail.map((d: { msg: string }) => d.msg)).toEqual([
    'Label is required.',
    'Version is required.',
  ]);
});

it("shows a vial to its institute's members (the desktop registration check) and to nobody else", async () => {
  await staff.post('/v2/vials', vial('VV-4010', courier));
  expect((await member.get('/v2/vials/VV-4001')).body.label).toBe('VV-4001');
  expect((await member.get('/v2/vials/VV-4010')).status).toBe(404);
  expect((await admin.get('/v2/vials/VV-4010')).status).toBe(200);
  const listed = await member.get('/v2/vials');
  expect(listed.body.items.map((v: { label: string }) => v.label)).toEqual(['VV-4001']);
  expect((await staff.get(`/v2/vials?institute_id=${courier}`)).body.total).toBe(1);
  expect((await staff.get('/v2/vials?search=401')).body.items[0].label).toBe('VV-4010');
});

it('retires a vial on delete, keeping it in the registry', async () => {
  expect((await member.delete('/v2/vials/VV-4001')).status).toBe(403);
  expect((await staff.delete('/v2/vials/VV-4001')).status).toBe(204);
  expect((await member.get('/v2/vials/VV-4001')).body.is_deleted).toBe(true);
  const restored = await staff.patch('/v2/vials/VV-4001', {
    is_deleted: false,
    notes: 'Recalibrated',
  });
  expect(restored.body).toMatchObject({ is_deleted: false, notes: 'Recalibrated' });
});

it('updates a vial (staff), answering its uploads and a 422 for empty label or version', async () => {
  await staff.post('/v2/vials', vial('VV-4020', hospital));
  const updated = await staff.patch('/v2/vials/VV-4020', {
    version: 'VV3',
    notes: '',
    institute: courier,
  });
  expect(updated.body).toMatchObject({
    label: 'VV-4020',
    version: 'VV3',
    notes: null,
    institute: courier,
    uploads: 0,
    last_upload: null,
    diff_file_url: null,
  });
  const invalid = await staff.patch('/v2/vials/VV-4020', { label: '', version: '' });
  expect(invalid.body.detail.map((d: { msg: string }) => d.msg)).toEqual([
    'Label is required.',
    'Version is required.',
  ]);
  expect((await admin.patch('/v2/vials/VV-4020', { notes: 'x' })).status).toBe(403);
  const unbound = await staff.post('/v2/vials', { label: 'VV-4021', version: 'VV1' });
  expect(unbound.body).toMatchObject({ institute: null, notes: null });
});

describe('retiring a vial', () => {
  beforeAll(async () => {
    await staff.post('/v2/vials', vial('VV-4030', hospital));
    await staff.post('/v2/vials', vial('VV-4031', courier));
    await staff.post('/v2/vials', vial('VV-4032', hospital));
  });

  it('is for admins and owners within their own organization, and 403 outside it', async () => {
    // owner@ belongs to the hospital only; admin@ to the hospital and the courier.
    expect((await owner.delete('/v2/vials/VV-4031')).status).toBe(403);
    expect((await owner.delete('/v2/vials/VV-4030')).status).toBe(204);
    expect((await admin.delete('/v2/vials/VV-4031')).status).toBe(204);
    expect((await staff.get('/v2/vials/VV-4030')).body.is_deleted).toBe(true);
    expect((await staff.get('/v2/vials/VV-4031')).body.is_deleted).toBe(true);
  });

  it('is refused to members and guests, even of the vial’s organization', async () => {
    expect((await member.delete('/v2/vials/VV-4032')).status).toBe(403);
    expect((await guest.delete('/v2/vials/VV-4032')).status).toBe(403);
    expect((await staff.get('/v2/vials/VV-4032')).body.is_deleted).toBe(false);
    expect((await owner.delete('/v2/vials/VV-9999')).status).toBe(404);
  });
});

describe('the data inventory (DIF) file', () => {
  let uuids: Map<string, string>;
  const vv1007 = Object.values(expected.records).filter((r) => r.vial_serial === 'VV-1007');
  const uploaded = vv1007.slice(0, 4);
  const sha256 = (file: string) => createHash('sha256').update(readFixture(file)).digest('hex');

  beforeAll(async () => {
    uuids = await registerFixtureVials(staff, hospital);
    for (const r of uploaded) {
      const res = await uploadFixture(member, hospital, r.file, uuids.get('VV-1007') as string);
      expect(res.status).toBe(201);
    }
  });

  it('has none before the first is generated', async () => {
    const { body } = await staff.get('/v2/vials/VV-1007');
    expect(body).toMatchObject({ diff_file_url: null, uploads: uploaded.length });
    expect(body.last_upload).toEqual(expect.any(String));
    const res = await staff.get('/v2/vials/VV-1007/diff-file');
    expect(res).toMatchObject({
      status: 404,
      body: { detail: 'No DIF file available for this vial.' },
    });
  });

  it('lists every run the server holds from the vial, by run start, with the uploads’ SHA-256', async () => {
    const created = await staff.post('/v2/vials/create-diff', { label: 'VV-1007' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: 'VV-1007',
      diff_file_url: '/v2/vials/VV-1007/diff-file',
      runs: uploaded.length,
    });
    const { body } = await staff.get('/v2/vials/VV-1007');
    expect(body.diff_file_url).toBe('/v2/vials/VV-1007/diff-file');
    expect(body.diff_generated_at).toBe(created.body.generated_at);

    const file = await staff.get('/v2/vials/VV-1007/diff-file');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.headers.get('content-disposition')).toMatch(/VV-1007-DIF-\d{8}T\d{6}\.csv/);
    const text = file.body as string;
    expect(text.split('\n')[0]).toBe(
      `# vial VV-1007 uuid ${uuids.get('VV-1007')} generated ${created.body.generated_at}`,
    );
    const dif = parseDif(text);
    const byStart = [...uploaded].sort((a, b) => a.start_ms - b.start_ms);
    expect(dif.rows.map((r) => r.sha256)).toEqual(byStart.map((r) => sha256(r.file)));
    expect(dif.rows.map((r) => r.run_start)).toEqual(
      byStart.map((r) => new Date(r.start_ms).toISOString()),
    );
    expect(dif.rows.map((r) => r.file_name)).toEqual(byStart.map((r) => r.file.split('/').pop()));
    expect(dif.rows.every((r) => r.institute_id === hospital && r.record_id > 0)).toBe(true);
    expect(dif.rows.map((r) => r.size_bytes)).toEqual(
      byStart.map((r) => readFixture(r.file).length),
    );
  });

  it('is named to staff alone: no other role gets a link it could not download', async () => {
    for (const client of [owner, admin, member, guest]) {
      const one = (await client.get('/v2/vials/VV-1007')).body;
      const listed = (await client.get('/v2/vials?size=100')).body.items;
      for (const shown of [one, ...listed]) {
        expect(shown).not.toHaveProperty('diff_file_url');
        expect(shown).not.toHaveProperty('diff_generated_at');
      }
      expect((await client.get('/v2/vials/VV-1007/diff-file')).status).toBe(403);
    }
    expect((await staff.get('/v2/vials/VV-1007')).body.diff_file_url).toBe(
      '/v2/vials/VV-1007/diff-file',
    );
  });

  it('points at the latest file, and still lists the runs of a retired vial', async () => {
    expect((await owner.delete('/v2/vials/VV-1007')).status).toBe(204);
    const created = await staff.post('/v2/vials/create-diff', { label: 'VV-1007' });
    expect(created.body.runs).toBe(uploaded.length);
    const { body } = await staff.get('/v2/vials/VV-1007');
    expect(body).toMatchObject({ is_deleted: true, uploads: uploaded.length });
    expect(body.diff_generated_at).toBe(created.body.generated_at);
    const dif = parseDif((await staff.get('/v2/vials/VV-1007/diff-file')).body as string);
    expect(dif.generatedAt).toBe(created.body.generated_at);
    expect((await member.get(`/v2/institutes/${hospital}/records?size=100`)).body.total).toBe(
      uploaded.length,
    );
  });

  it('is for staff only', async () => {
    for (const user of [owner, admin, member, guest]) {
      expect((await user.post('/v2/vials/create-diff', { label: 'VV-1007' })).status).toBe(403);
      expect((await user.get('/v2/vials/VV-1007/diff-file')).status).toBe(403);
    }
    expect((await staff.post('/v2/vials/create-diff', { label: 'VV-0000' })).status).toBe(404);
  });
});
