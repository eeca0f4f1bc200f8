import { insertLine, insertRecords } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient, admin: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest, admin] = await Promise.all(
    ['staff', 'member', 'guest', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

const create = (client: ApiClient, institute: number, body: Record<string, unknown>) =>
  client.post(`/v2/institutes/${institute}/labels`, body);

describe('creating labels', () => {
  it('creates a label with the default colour and lists it, sorted by name', async () => {
    const res = await create(member, hospital, { label: 'Urgent' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), label: 'Urgent', color: '#4FC1BE' });
    await create(member, hospital, { label: 'Night shift', color: '#FF0000' });
    const list = await guest.get(`/v2/institutes/${hospital}/labels`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((l: { label: string }) => l.label)).toEqual([
      'Night shift',
      'Urgent',
    ]);
    expect(list.body.total).toBe(2);
  });

  it("does not list the built-in 'unlabeled', which is a records filter value", async () => {
    const list = await member.get(`/v2/institutes/${hospital}/labels`);
    expect(list.body.items.map((l: { label: string }) => l.label)).not.toContain('unlabeled');
  });

  it('searches by name and pages', async () => {
    const found = await member.get(`/v2/institutes/${hospital}/labels?search=nig`);
    expect(found.body.items.map((l: { label: string }) => l.label)).toEqual(['Night shift']);
    const page = await member.get(
      `/v2/institutes/${hospital}/labels?size=1&page=1&ordering=-label`,
    );
    expect(page.body).toMatchObject({ total: 2, items: [{ label: 'Night shift' }] });
  });

  it('refuses an empty, too long or uncoloured name with the form messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'label', 'Label name is required.'],
      [{ label: '   ' }, 'label', 'Label name is required.'],
      [{ label: 'x'.repeat(41) }, 'label', 'Label is too long.'],
      [{ label: 'Fine', color: '' }, 'color', 'Colour is required.'],
      [{ label: 'Fine', color: 'teal' }, 'color', 'Colour must be a hex colour such as #4FC1BE.'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await create(member, hospital, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', field], msg })]);
    }
    expect((await create(member, hospital, { label: 'x'.repeat(40) })).status).toBe(201);
  });

  it('answers 409 for a name the institute already has, whatever its case', async () => {
    const res = await create(admin, hospital, { label: 'urgent ' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('A label with this name already exists.');
    expect((await create(admin, courier, { label: 'Urgent' })).status).toBe(201);
  });
});

describe('who may see and change labels', () => {
  it('lets guests read but not create, edit or delete (403)', async () => {
    const id = (await create(member, hospital, { label: 'Guest test' })).body.id;
    expect((await guest.get(`/v2/labels/${id}`)).status).toBe(200);
    expect((await create(guest, hospital, { label: 'Nope' })).status).toBe(403);
    expect((await guest.patch(`/v2/labels/${id}`, { label: 'Renamed' })).status).toBe(403);
    expect((await guest.delete(`/v2/labels/${id}`)).status).toBe(403);
  });

  it("answers 404 for another institute's labels, for every verb", async () => {
    const id = (await create(staff, courier, { label: 'Courier only' })).body.id;
    expect((await member.get(`/v2/institutes/${courier}/labels`)).status).toBe(404);
    expect((await create(member, courier, { label: 'Sneaky' })).status).toBe(404);
    expect((await member.get(`/v2/labels/${id}`)).status).toBe(404);
    expect((await member.patch(`/v2/labels/${id}`, { label: 'Mine' })).status).toBe(404);
    expect((await member.delete(`/v2/labels/${id}`)).status).toBe(404);
    expect((await guest.delete(`/v2/labels/${id}`)).status).toBe(404);
    expect((await admin.get(`/v2/labels/${id}`)).status).toBe(200);
  });

  it('renames and recolours, keeping names unique', async () => {
    const id = (await create(member, hospital, { label: 'Old name' })).body.id;
    const renamed = await member.patch(`/v2/labels/${id}`, { label: 'New name', color: '#123abc' });
    expect(renamed.body).toEqual({ id, label: 'New name', color: '#123abc' });
    expect((await member.patch(`/v2/labels/${id}`, { label: 'NEW NAME' })).status).toBe(200);
    const clash = await member.patch(`/v2/labels/${id}`, { label: 'Urgent' });
    expect(clash.status).toBe(409);
    expect((await member.patch(`/v2/labels/${id}`, { label: '' })).status).toBe(422);
  });
});

describe('deleting a label', () => {
  it('takes it off the records and lines that carried it, leaving them otherwise intact', async () => {
    const doomed = (await create(member, hospital, { label: 'Doomed' })).body;
    const kept = (await create(member, hospital, { label: 'Kept' })).body;
    const line = await insertLine(server.ctx.db, hospital);
    await server.ctx.db.query('INSERT INTO line_labels (line_id, label_id) VALUES ($1, $2)', [
      line.id,
      doomed.id,
    ]);
    const [record] = await insertRecords(server.ctx.db, hospital, [{}]);
    await member.patch(`/v2/records/${record.id}`, { labels: [doomed.id, kept.id] });
    const filtered = await member.get(`/v2/institutes/${hospital}/records?labels=${doomed.id}`);
    expect(filtered.body.items.map((r: { id: number }) => r.id)).toEqual([record.id]);

    expect((await member.delete(`/v2/labels/${doomed.id}`)).status).toBe(204);
    expect((await member.get(`/v2/labels/${doomed.id}`)).status).toBe(404);
    const after = await member.get(`/v2/records/${record.id}`);
    expect(after.body.labels).toEqual([kept]);
    const lineLabels = await server.ctx.db.query('SELECT * FROM line_labels WHERE line_id = $1', [
      line.id,
    ]);
    expect(lineLabels).toEqual([]);
  });
});
