import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  [staff, owner, admin, member, guest] = await Promise.all(
    ['staff', 'owner', 'admin', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  for (const u of (await staff.get('/v2/users?size=100')).body.items)
    ids[u.email.split('@')[0]] = u.id;
});
afterAll(() => server.stop());

const invite = (client: ApiClient, institute: number, extra: Record<string, unknown> = {}) =>
  client.post(`/v2/institutes/${institute}/users`, {
    email: `u${Math.random().toString(36).slice(2, 8)}@example.org`,
    first_name: 'Test',
    last_name: 'User',
    institutes: [institute],
    default_institute: institute,
    ...extra,
  });

describe('listing users', () => {
  it('lists all users for staff only, with search', async () => {
    expect((await owner.get('/v2/users')).status).toBe(403);
    const found = await staff.get('/v2/users?search=adam');
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual(['admin@example.org']);
  });

  it("lists an institute's users to its members, never to others", async () => {
    const res = await guest.get(`/v2/institutes/${hospital}/users`);
    expect(res.body.total).toBe(4);
    expect(res.body.items[0]).not.toHaveProperty('password_hash');
    expect((await guest.get(`/v2/institutes/${courier}/users`)).status).toBe(404);
  });
});

describe('the role matrix for inviting', () => {
  it.each([
    ['staff', 201],
    ['owner', 201],
    ['admin', 201],
    ['member', 403],
    ['guest', 403],
  ])('%s inviting into the hospital answers %i', async (who, status) => {
    const client = { staff, owner, admin, member, guest }[who]!;
    const res = await invite(client, hospital);
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.detail).toBe('You are not authorized to create this user');
  });

  it('refuses granting more than one has: a higher role, staff, or a foreign institute', async () => {
    expect((await invite(admin, hospital, { role: 'owner' })).status).toBe(403);
    expect((await invite(owner, hospital, { role: 'staff' })).status).toBe(403);
    expect((await invite(owner, hospital, { is_staff: true })).status).toBe(403);
    expect((await invite(owner, hospital, { institutes: [hospital, courier] })).status).toBe(403);
    expect((await invite(owner, courier)).status).toBe(404);
  });

  it('refuses a duplicate e-mail with 409 and bad fields with 422', async () => {
    const dup = await invite(owner, hospital, { email: 'MEMBER@example.org' });
    expect(dup.status).toBe(409);
    const bad = await owner.post(`/v2/institutes/${hospital}/users`, {
      email: '',
      first_name: '',
      last_name: 'X',
      institutes: [],
    });
    expect(bad.status).toBe(422);
    const msgs = bad.body.detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        "Email can't be empty",
        "First Name can't be empty",
        'Select at least one organization',
        'Default Organization is required',
      ]),
    );
  });
});

describe('editing, revoking, resending, deleting', () => {
  it('lets users rename themselves but not promote themselves', async () => {
    expect((await member.patch(`/v2/users/${ids.member}`, { first_name: 'Mia' })).status).toBe(200);
    const promote = await member.patch(`/v2/users/${ids.member}`, { role: 'owner' });
    expect(promote.status).toBe(403);
    expect(promote.body.detail).toBe('You are not authorized to update this user');
  });

  it('hides users of other institutes (404) and lets managers change roles', async () => {
    const outsider = (await invite(staff, courier)).body.id;
    expect((await member.get(`/v2/users/${outsider}`)).status).toBe(404);
    expect((await owner.get(`/v2/users/id/${ids.member}`)).status).toBe(200);
    const demoted = await owner.patch(`/v2/users/${ids.member}`, { role: 'guest' });
    expect(demoted.body.role).toBe('guest');
    expect((await admin.patch(`/v2/users/${ids.owner}`, { role: 'member' })).status).toBe(403);
  });

  it("revokes one institute and keeps the user's others", async () => {
    const created = await invite(staff, hospital, { institutes: [hospital, courier] });
    const id = created.body.id;
    expect((await admin.delete(`/v2/institutes/${hospital}/users/${id}`)).status).toBe(204);
    const after = await staff.get(`/v2/users/${id}`);
    expect(after.body).toMatchObject({ institutes: [courier], default_institute: courier });
    expect((await admin.delete(`/v2/institutes/${hospital}/users/${ids.admin}`)).status).toBe(400);
  });

  it('resends an invitation to unregistered users only', async () => {
    const created = await invite(owner, hospital, { email: 'resend-me@example.org' });
    const before = server.mail.messages.length;
    expect((await owner.post(`/v2/users/${created.body.id}/resend`)).status).toBe(204);
    expect(server.mail.messages.length).toBe(before + 1);
    expect(server.mail.lastTo('resend-me@example.org')!.subject).toMatch(/invited/);
    expect((await owner.post(`/v2/users/${ids.guest}/resend`)).status).toBe(409);
    expect((await owner.post(`/v2/users/${ids.owner}/resend`)).status).toBe(400);
  });

  it('deletes users, never oneself, and not users of foreign institutes', async () => {
    const created = await invite(owner, hospital);
    expect((await member.delete(`/v2/users/${created.body.id}`)).status).toBe(403);
    expect((await owner.delete(`/v2/users/${created.body.id}`)).status).toBe(204);
    expect((await owner.delete(`/v2/users/${ids.owner}`)).status).toBe(400);
    // admin belongs to the courier too, which the owner does not manage
    expect((await owner.delete(`/v2/users/${ids.admin}`)).status).toBe(403);
  });
});
