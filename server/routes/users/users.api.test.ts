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

  it("lists an institute's users to each of its roles, never to other institutes", async () => {
    const res = await admin.get(`/v2/institutes/${hospital}/users`);
    expect(res.body.total).toBe(4);
    expect(res.body.items[0]).not.toHaveProperty('password_hash');
    for (const reader of [member, guest]) {
      const seen = await reader.get(`/v2/institutes/${hospital}/users`);
      expect(seen.status).toBe(200);
      expect(seen.body.total).toBe(4);
    }
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

describe('PATCH /v2/users/{id}: who may change what', () => {
  it("refuses another user's names to anyone without user management", async () => {
    for (const client of [guest, member]) {
      const res = await client.patch(`/v2/users/${ids.owner}`, { first_name: 'Hijacked' });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('You are not authorized to update this user');
    }
    expect((await staff.get(`/v2/users/${ids.owner}`)).body.first_name).toBe('Olivia');
  });

  it('lets a guest change their own names and nothing else', async () => {
    const renamed = await guest.patch(`/v2/users/${ids.guest}`, { last_name: 'Visitor' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.last_name).toBe('Visitor');
    for (const change of [
      { role: 'member' },
      { is_active: false },
      { institutes: [hospital] },
      { default_institute: hospital },
      { is_staff: true },
    ]) {
      expect((await guest.patch(`/v2/users/${ids.guest}`, change)).status).toBe(403);
    }
    await guest.patch(`/v2/users/${ids.guest}`, { last_name: 'Guest' });
  });

  it("keeps an owner's changes to their own institutes", async () => {
    // The admin also belongs to the courier, which the owner does not manage: the owner may
    // rename them, but not change the role or active state that reach the courier too.
    expect((await owner.patch(`/v2/users/${ids.admin}`, { first_name: 'Adam' })).status).toBe(200);
    expect((await owner.patch(`/v2/users/${ids.admin}`, { role: 'member' })).status).toBe(403);
    expect((await owner.patch(`/v2/users/${ids.admin}`, { is_active: false })).status).toBe(403);
    // The form sends every field: unchanged role and state are no change.
    const same = await owner.patch(`/v2/users/${ids.admin}`, {
      first_name: 'Adam',
      last_name: 'Admin',
      role: 'admin',
      is_active: true,
      institutes: [hospital],
      default_institute: hospital,
    });
    expect(same.status).toBe(200);
    // Memberships outside the owner's institutes are kept.
    expect(same.body.institutes).toEqual([hospital, courier].sort((a, b) => a - b));
    expect((await owner.patch(`/v2/users/${ids.admin}`, { institutes: [courier] })).status).toBe(
      403,
    );
    const after = await staff.get(`/v2/users/${ids.admin}`);
    expect(after.body).toMatchObject({ role: 'admin', is_active: true });
  });

  it('lets staff alone set the staff flag', async () => {
    const created = (await invite(staff, hospital)).body.id;
    expect((await owner.patch(`/v2/users/${created}`, { is_staff: false })).status).toBe(403);
    const promoted = await staff.patch(`/v2/users/${created}`, { is_staff: true });
    expect(promoted.body).toMatchObject({ is_staff: true, role: 'staff' });
  });
});

describe('invitation by e-mail alone', () => {
  it('invites as guest unless told, with the invite wording on a bad e-mail', async () => {
    const res = await admin.post(`/v2/institutes/${hospital}/users/invite`, {
      email: 'just-an-address@example.org',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      role: 'guest',
      institutes: [hospital],
      default_institute: hospital,
      unregistered: true,
    });
    expect(server.mail.lastTo('just-an-address@example.org')!.body).toMatch(/\/Register\//);
    for (const [email, msg] of [
      ['', 'Please enter your e-mail.'],
      ['nope', 'Please enter a valid e-mail address'],
    ]) {
      const bad = await admin.post(`/v2/institutes/${hospital}/users/invite`, { email });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'email'], msg });
    }
    const higher = await admin.post(`/v2/institutes/${hospital}/users/invite`, {
      email: 'too-high@example.org',
      role: 'owner',
    });
    expect(higher.status).toBe(403);
    expect(higher.body.detail).toBe('You are not authorized to create this user');
  });
});

describe('invitation → registration → login, resend and revoke', () => {
  const register = (token: string, password = 'registered-pw') =>
    server.api.post('/v2/auth/register', {
      token,
      first_name: 'Ines',
      last_name: 'Vited',
      password,
    });
  const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

  it('registers from the newest link only, then logs in and sees the institute', async () => {
    const email = 'ines.vited@example.org';
    const created = await owner.post(`/v2/institutes/${hospital}/users/invite`, { email });
    const first = server.mail.linkTo(email);
    expect(new URL(first).pathname).toMatch(/^\/Register\/[\w-]+$/);

    // A resend makes the first link invalid.
    expect((await owner.post(`/v2/users/${created.body.id}/resend`)).status).toBe(204);
    const second = server.mail.linkTo(email);
    expect(second).not.toBe(first);
    expect((await server.api.get(`/v2/auth/register/${tokenOf(first)}`)).status).toBe(404);
    expect((await register(tokenOf(first))).status).toBe(400);

    const info = await server.api.get(`/v2/auth/register/${tokenOf(second)}`);
    expect(info.body).toMatchObject({ email });
    expect((await register(tokenOf(second))).status).toBe(201);

    const login = await server.api.form('/v2/auth/token', {
      username: email,
      password: 'registered-pw',
    });
    expect(login.status).toBe(200);
    const me = server.api.as(login.body.access_token);
    expect((await me.get('/v2/auth/account')).body).toMatchObject({
      institutes: [hospital],
      unregistered: false,
    });
    const visible = await me.get('/v2/institutes');
    expect(visible.body.items.map((i: { id: number }) => i.id)).toEqual([hospital]);

    // Registered now: no more resends.
    expect((await owner.post(`/v2/users/${created.body.id}/resend`)).status).toBe(409);

    // Revoking removes the membership: at once, and from the next refresh's token.
    expect((await owner.delete(`/v2/institutes/${hospital}/users/${created.body.id}`)).status).toBe(
      204,
    );
    expect((await me.get(`/v2/institutes/${hospital}`)).status).toBe(404);
    const refreshed = await server.api.post('/v2/auth/refresh', {
      refresh: login.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const claims = JSON.parse(
      Buffer.from(refreshed.body.access.split('.')[1], 'base64url').toString(),
    );
    expect(claims.institutes).toEqual([]);
    expect((await staff.get(`/v2/users/${created.body.id}`)).body).toMatchObject({
      institutes: [],
      default_institute: null,
    });
  });
});
