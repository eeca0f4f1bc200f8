import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, admin: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, admin] = await Promise.all(
    ['staff', 'member', 'admin'].map((u) => server.login(`${u}@example.org`)),
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
