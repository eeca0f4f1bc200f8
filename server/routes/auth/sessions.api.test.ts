import { DEMO_PASSWORD } from '../../demo/seed';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function session(email: string, password = DEMO_PASSWORD) {
  const res = await server.api.form('/v2/auth/token', { username: email, password });
  expect(res.status).toBe(200);
  return {
    api: server.api.as(res.body.access_token),
    refresh: res.body.refresh_token as string,
  };
}
const refresh = (token: string) => server.api.post('/v2/auth/refresh', { refresh: token });
const resetLink = async (email: string) => {
  expect((await server.api.post('/v2/auth/request-password-reset', { email })).status).toBe(204);
  return server.mail.linkTo(email).split('/').pop()!;
};
const reset = (token: string, password: string) =>
  server.api.post('/v2/auth/reset-password', { token, new_password: password });

describe('sessions after a password change', () => {
  it('keeps the changing session and ends every other one, and every reset link', async () => {
    const here = await session('member@example.org');
    const elsewhere = await session('member@example.org');
    const link = await resetLink('member@example.org');
    const changed = await here.api.post('/v2/auth/account', {
      first_name: 'Maria',
      last_name: 'Member',
      current_password: DEMO_PASSWORD,
      new_password: 'a new password',
    });
    expect(changed.status).toBe(200);
    expect((await refresh(elsewhere.refresh)).status).toBe(401);
    expect((await refresh(here.refresh)).status).toBe(200);
    expect((await reset(link, 'another password')).status).toBe(400);
  });

  it('ends every session after a reset, and the user’s other reset links die', async () => {
    const before = await session('admin@example.org');
    const older = await resetLink('admin@example.org');
    const newer = await resetLink('admin@example.org');
    expect(older).not.toBe(newer);
    expect((await reset(newer, 'reset password 1')).status).toBe(204);
    expect((await reset(older, 'reset password 2')).status).toBe(400);
    expect((await refresh(before.refresh)).status).toBe(401);
    await session('admin@example.org', 'reset password 1');
  });
});

describe('access of users who lost it', () => {
  it('stops at once for a deactivated user (access token and refresh)', async () => {
    const guest = await session('guest@example.org');
    expect((await guest.api.get('/v2/auth/account')).status).toBe(200);
    const owner = await server.login('owner@example.org');
    const guestId = (await guest.api.get('/v2/auth/account')).body.id;
    expect((await owner.patch(`/v2/users/${guestId}`, { is_active: false })).status).toBe(200);
    expect((await guest.api.get('/v2/auth/account')).status).toBe(401);
    expect((await refresh(guest.refresh)).status).toBe(401);
  });

  it("stops at once for an institute the user's access to was revoked from", async () => {
    const { hospital } = await server.demoInstitutes();
    const member = await session('member@example.org', 'a new password');
    expect((await member.api.get(`/v2/institutes/${hospital}`)).status).toBe(200);
    const memberId = (await member.api.get('/v2/auth/account')).body.id;
    const owner = await server.login('owner@example.org');
    expect((await owner.delete(`/v2/institutes/${hospital}/users/${memberId}`)).status).toBe(204);
    expect((await member.api.get(`/v2/institutes/${hospital}`)).status).toBe(404);
    const refreshed = await refresh(member.refresh);
    if (refreshed.status === 200) {
      const claims = JSON.parse(
        Buffer.from(refreshed.body.access.split('.')[1], 'base64url').toString(),
      );
      expect(claims.institutes).not.toContain(hospital);
    }
  });

  it('stops at once for a deleted user', async () => {
    const owner = await session('owner@example.org');
    const staff = await server.login('staff@example.org');
    const ownerId = (await owner.api.get('/v2/auth/account')).body.id;
    expect((await staff.delete(`/v2/users/${ownerId}`)).status).toBe(204);
    expect((await owner.api.get('/v2/auth/account')).status).toBe(401);
    expect((await refresh(owner.refresh)).status).toBe(401);
  });
});
