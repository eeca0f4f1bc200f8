import { insertRecords, insertValidation } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { TransitRecord } from '../../entities/record';

let server: TestServer;
let staff: ApiClient, owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;
let record: number, courierRecord: number, hiddenRecord: number;
const userIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  [staff, owner, admin, member, guest] = await Promise.all(
    ['staff', 'owner', 'admin', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  for (const u of (await staff.get('/v2/users?size=100')).body.items)
    userIds[u.email.split('@')[0]] = u.id;
  [{ id: record }, { id: hiddenRecord }] = await insertRecords(server.ctx.db, hospital, [
    {},
    { hidden: true },
  ]);
  [{ id: courierRecord }] = await insertRecords(server.ctx.db, courier, [{}]);
});
afterAll(() => server.stop());

const post = (client: ApiClient, path: string, comment: unknown) =>
  client.post(`${path}/comments`, { comment });

describe('commenting on a record', () => {
  it('answers the comment with its author, and lists the conversation oldest first', async () => {
    const first = await post(member, `/v2/records/${record}`, 'Canister arrived open.');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      comment: 'Canister arrived open.',
      commenter_name: 'Maria Member',
      commenter: userIds.member,
      created_date: expect.any(String),
      edited_date: null,
    });
    await post(admin, `/v2/records/${record}`, 'Checked the station, fixed.');
    const list = await guest.get(`/v2/records/${record}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((c: { commenter_name: string }) => c.commenter_name)).toEqual([
      'Maria Member',
      'Adam Admin',
    ]);
    expect((await guest.get(`/v2/comments/${first.body.id}`)).body.comment).toBe(
      'Canister arrived open.',
    );
  });

  it('refuses an empty or too long comment', async () => {
    const empty = await post(member, `/v2/records/${record}`, '  ');
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({
      loc: ['body', 'comment'],
      msg: 'A comment is required.',
    });
    const long = await post(member, `/v2/records/${record}`, 'x'.repeat(5001));
    expect(long.body.detail[0].msg).toBe('Comment is too long.');
    expect((await post(member, `/v2/records/${record}`, 'x'.repeat(5000))).status).toBe(201);
  });

  it('lets guests read but not comment', async () => {
    const res = await post(guest, `/v2/records/${record}`, 'Can I?');
    expect(res.status).toBe(403);
  });

  it("hides another institute's record and hidden records (404), staff seeing hidden ones", async () => {
    expect((await member.get(`/v2/records/${courierRecord}/comments`)).status).toBe(404);
    expect((await post(member, `/v2/records/${courierRecord}`, 'Hi')).status).toBe(404);
    expect((await guest.get(`/v2/records/${hiddenRecord}/comments`)).status).toBe(404);
    expect((await post(member, `/v2/records/${hiddenRecord}`, 'Hi')).status).toBe(404);
    expect((await post(staff, `/v2/records/${hiddenRecord}`, 'Staff note')).status).toBe(201);
    expect((await member.get('/v2/records/999999/comments')).status).toBe(404);
    const foreign = await post(admin, `/v2/records/${courierRecord}`, 'Courier side');
    expect(foreign.status).toBe(201);
    expect((await member.get(`/v2/comments/${foreign.body.id}`)).status).toBe(404);
    expect((await member.delete(`/v2/comments/${foreign.body.id}`)).status).toBe(404);
  });
});

describe('editing and deleting comments', () => {
  it('lets only the author edit or delete, not even staff or the owner', async () => {
    const { id } = (await post(member, `/v2/records/${record}`, 'Typo heer')).body;
    for (const other of [owner, admin, staff]) {
      expect((await other.patch(`/v2/comments/${id}`, { comment: 'Hijacked' })).status).toBe(403);
      expect((await other.delete(`/v2/comments/${id}`)).status).toBe(403);
    }
    const edited = await member.patch(`/v2/comments/${id}`, { comment: 'Typo here' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ comment: 'Typo here', edited_date: expect.any(String) });
    expect((await member.patch(`/v2/comments/${id}`, { comment: '' })).status).toBe(422);
    expect((await member.delete(`/v2/comments/${id}`)).status).toBe(204);
    expect((await member.get(`/v2/comments/${id}`)).status).toBe(404);
  });
});

describe('commenting on a validation', () => {
  it('works like records, with the same tenancy', async () => {
    const validation = await insertValidation(server.ctx.db, hospital);
    const courierValidation = await insertValidation(server.ctx.db, courier);
    const res = await post(
      owner,
      `/v2/validations/${validation.id}`,
      'Station 4 was closed on day 1.',
    );
    expect(res.status).toBe(201);
    expect(res.body.commenter_name).toBe('Olivia Owner');
    const list = await guest.get(`/v2/validations/${validation.id}/comments`);
    expect(list.body.items.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
    expect((await post(guest, `/v2/validations/${validation.id}`, 'No')).status).toBe(403);
    expect((await member.get(`/v2/validations/${courierValidation.id}/comments`)).status).toBe(404);
    expect((await post(member, `/v2/validations/${courierValidation.id}`, 'No')).status).toBe(404);
  });
});

describe('what outlives what', () => {
  it('removes comments with their record', async () => {
    const [temporary] = await insertRecords(server.ctx.db, hospital, [{}]);
    const { id } = (await post(member, `/v2/records/${temporary.id}`, 'Soon gone')).body;
    await server.ctx.db.getRepository(TransitRecord).delete(temporary.id);
    expect((await member.get(`/v2/comments/${id}`)).status).toBe(404);
  });

  it("keeps a deleted author's comments under the name they wrote them with", async () => {
    const { id } = (await post(owner, `/v2/records/${record}`, 'Leaving soon')).body;
    expect((await staff.delete(`/v2/users/${userIds.owner}`)).status).toBe(204);
    const kept = await member.get(`/v2/comments/${id}`);
    expect(kept.body).toMatchObject({
      commenter: null,
      commenter_name: 'Olivia Owner',
      comment: 'Leaving soon',
    });
  });
});
