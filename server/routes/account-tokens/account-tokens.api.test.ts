import { createHash } from 'node:crypto';
import {
  PERSONAL_TOKEN_PREFIX,
  TOKEN_EXPIRY_PAST,
  TOKEN_EXPIRY_TOO_FAR,
  TOKEN_NOT_FOR_ACCOUNTS,
  TOKEN_READ_ONLY,
  TOKEN_REFUSED,
  type TokenScope,
} from '../../../shared/api/account-tokens';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Personal access tokens end to end: made and revoked on one's account, shown once and stored as
 * a hash, accepted as a bearer token with the owner's role limited by the scope and to the
 * token's organization, refused at once when revoked, expired or its owner is gone.
 */
let server: TestServer;
let hospital: number;
let courier: number;
const sessions = {} as Record<'staff' | 'owner' | 'admin' | 'member' | 'guest', ApiClient>;

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

beforeAll(async () => {
  server = await startTestServer();
  ({ hospital, courier } = await server.demoInstitutes());
  for (const role of ['staff', 'owner', 'admin', 'member', 'guest'] as const) {
    sessions[role] = await server.login(`${role}@example.org`);
  }
}, 120_000);
afterAll(() => server.stop());

/** A new token of the session's user: its id and a client that sends it. */
async function tokenOf(
  session: ApiClient,
  scope: TokenScope,
  institute = hospital,
  name = `${scope} token`,
) {
  const res = await session.post('/v2/account/tokens', {
    name,
    scope,
    institute,
    expires_at: inDays(30),
  });
  expect(res.status).toBe(201);
  return {
    id: res.body.id as number,
    token: res.body.token as string,
    client: session.as(res.body.token),
  };
}

const rowOf = async (id: number) =>
  (
    (await server.ctx.db.query(
      `SELECT t.*, t::text AS whole FROM personal_access_tokens t WHERE id = $1`,
      [id],
    )) as Record<string, any>[]
  )[0];

describe('making, listing and revoking tokens', () => {
  it('shows the token once and stores only its SHA-256', async () => {
    const res = await sessions.member.post('/v2/account/tokens', {
      name: 'LIMS export',
      scope: 'read',
      institute: hospital,
      expires_at: inDays(90),
    });
    expect(res.status).toBe(201);
    const { token } = res.body;
    expect(token).toMatch(new RegExp(`^${PERSONAL_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(res.body).toMatchObject({
      name: 'LIMS export',
      scope: 'read',
      institute: hospital,
      institute_name: 'Northfield General Hospital',
      last_used_at: null,
      expired: false,
    });

    const row = await rowOf(res.body.id);
    expect(row.token_hash).toBe(sha256(token));
    // Nowhere in the row: neither the token nor its random part.
    expect(row.whole).not.toContain(token);
    expect(row.whole).not.toContain(token.slice(PERSONAL_TOKEN_PREFIX.length));

    const list = await sessions.member.get('/v2/account/tokens');
    expect(list.status).toBe(200);
    const listed = list.body.items.find((t: { id: number }) => t.id === res.body.id);
    expect(listed).toMatchObject({ name: 'LIMS export', scope: 'read', last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(token);
    // Another user's list does not show it.
    const other = await sessions.owner.get('/v2/account/tokens');
    expect(other.body.items.map((t: { id: number }) => t.id)).not.toContain(res.body.id);
  });

  it('refuses an expiry in the past or more than a year ahead, and a bad scope', async () => {
    const body = { name: 'x', scope: 'read', institute: hospital };
    const past = await sessions.member.post('/v2/account/tokens', {
      ...body,
      expires_at: inDays(-1),
    });
    expect(past.status).toBe(422);
    expect(past.body.detail[0]).toMatchObject({
      loc: ['body', 'expires_at'],
      msg: TOKEN_EXPIRY_PAST,
    });
    const far = await sessions.member.post('/v2/account/tokens', {
      ...body,
      expires_at: inDays(367),
    });
    expect(far.status).toBe(422);
    expect(far.body.detail[0]).toMatchObject({
      loc: ['body', 'expires_at'],
      msg: TOKEN_EXPIRY_TOO_FAR,
    });
    const scope = await sessions.member.post('/v2/account/tokens', {
      ...body,
      scope: 'admin',
      expires_at: inDays(1),
    });
    expect(scope.status).toBe(422);
    expect(scope.body.detail[0].loc).toEqual(['body', 'scope']);
  });

  it('binds a token only to an organization of the user’s own (staff: any)', async () => {
    const foreign = await sessions.member.post('/v2/account/tokens', {
      name: 'elsewhere',
      scope: 'read',
      institute: courier,
      expires_at: inDays(1),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Not found.');
    const missing = await sessions.staff.post('/v2/account/tokens', {
      name: 'nowhere',
      scope: 'read',
      institute: 2_000_000_000,
      expires_at: inDays(1),
    });
    expect(missing.status).toBe(404);
    const staff = await tokenOf(sessions.staff, 'read', courier);
    expect((await staff.client.get(`/v2/institutes/${courier}`)).status).toBe(200);
  });

  it('revokes a token at once, and only the owner’s own', async () => {
    const { id, client } = await tokenOf(sessions.member, 'read');
    expect((await client.get(`/v2/institutes/${hospital}`)).status).toBe(200);

    const notMine = await sessions.owner.delete(`/v2/account/tokens/${id}`);
    expect(notMine.status).toBe(404);
    expect((await client.get(`/v2/institutes/${hospital}`)).status).toBe(200);

    expect((await sessions.member.delete(`/v2/account/tokens/${id}`)).status).toBe(204);
    const refused = await client.get(`/v2/institutes/${hospital}`);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: TOKEN_REFUSED });
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const list = await sessions.member.get('/v2/account/tokens');
    expect(list.body.items.map((t: { id: number }) => t.id)).not.toContain(id);
    expect((await sessions.member.delete(`/v2/account/tokens/${id}`)).status).toBe(404);
  });
});

describe('a token as a bearer token', () => {
  it('is refused the moment it expires (its expiry moved into the past)', async () => {
    const { id, client } = await tokenOf(sessions.member, 'read-write');
    expect((await client.get(`/v2/institutes/${hospital}/labels`)).status).toBe(200);
    await server.ctx.db.query(
      `UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    const res = await client.get(`/v2/institutes/${hospital}/labels`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: TOKEN_REFUSED });
    const listed = (await sessions.member.get('/v2/account/tokens')).body.items.find(
      (t: { id: number }) => t.id === id,
    );
    expect(listed.expired).toBe(true);
  });

  it('is refused when its owner is deactivated or leaves its organization', async () => {
    const deactivated = await tokenOf(sessions.guest, 'read');
    const guestId = (await sessions.guest.get('/v2/auth/account')).body.id as number;
    await server.ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [guestId]);
    try {
      expect((await deactivated.client.get(`/v2/institutes/${hospital}`)).status).toBe(401);
    } finally {
      await server.ctx.db.query(`UPDATE users SET is_active = true WHERE id = $1`, [guestId]);
    }

    const admin = await tokenOf(sessions.admin, 'read', courier);
    const adminId = (await sessions.admin.get('/v2/auth/account')).body.id as number;
    expect((await admin.client.get(`/v2/institutes/${courier}`)).status).toBe(200);
    await server.ctx.db.query(
      `DELETE FROM user_institutes WHERE user_id = $1 AND institute_id = $2`,
      [adminId, courier],
    );
    try {
      expect((await admin.client.get(`/v2/institutes/${courier}`)).status).toBe(401);
    } finally {
      await server.ctx.db.query(
        `INSERT INTO user_institutes (user_id, institute_id) VALUES ($1, $2)`,
        [adminId, courier],
      );
    }
  });

  it('refuses every write of a read token with 403, before validating its body', async () => {
    const { client } = await tokenOf(sessions.owner, 'read');
    const write = await client.post(`/v2/institutes/${hospital}/labels`, { not: 'a label' });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: TOKEN_READ_ONLY });
    expect((await client.get(`/v2/institutes/${hospital}/labels`)).status).toBe(200);
    expect((await client.request('HEAD', `/v2/institutes/${hospital}/labels`)).status).toBe(200);
  });

  it('lets a read-write token write where its owner’s role may, and no further', async () => {
    const member = await tokenOf(sessions.member, 'read-write');
    const made = await member.client.post(`/v2/institutes/${hospital}/labels`, {
      label: 'Made by a token',
    });
    expect(made.status).toBe(201);

    const guest = await tokenOf(sessions.guest, 'read-write');
    const refused = await guest.client.post(`/v2/institutes/${hospital}/labels`, {
      label: 'Guest by token',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).not.toBe(TOKEN_READ_ONLY);
    // Settings are the owner's: a member's token has the member's role.
    const settings = await member.client.patch(`/v2/institutes/${hospital}`, { name: 'Renamed' });
    expect(settings.status).toBe(403);
  });

  it('cannot manage tokens, users, memberships or the account, whatever its scope', async () => {
    const { client } = await tokenOf(sessions.owner, 'read-write');
    const ownerId = (await sessions.owner.get('/v2/auth/account')).body.id as number;
    const memberId = (await sessions.member.get('/v2/auth/account')).body.id as number;
    const attempts = [
      client.get('/v2/account/tokens'),
      client.post('/v2/account/tokens', {
        name: 'more',
        scope: 'read-write',
        institute: hospital,
        expires_at: inDays(1),
      }),
      client.delete('/v2/account/tokens/1'),
      client.get('/v2/auth/account'),
      client.post('/v2/auth/account', {
        first_name: 'Token',
        last_name: 'Holder',
        current_password: 'x',
        new_password: 'stolen password',
      }),
      client.patch(`/v2/users/${ownerId}`, { first_name: 'Token' }),
      client.post(`/v2/institutes/${hospital}/users`, {
        email: 'token-invite@example.org',
        role: 'admin',
      }),
      client.delete(`/v2/institutes/${hospital}/users/${memberId}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { detail: TOKEN_NOT_FOR_ACCOUNTS },
      });
    }
    // It still reads the organization's users (reading is not administering).
    expect((await client.get(`/v2/institutes/${hospital}/users`)).status).toBe(200);
  });

  it('sees its organization only: others answer 404, even to a member of both', async () => {
    // admin@example.org belongs to the hospital and the courier; the token only to the hospital.
    const admin = await tokenOf(sessions.admin, 'read-write', hospital);
    expect((await sessions.admin.get(`/v2/institutes/${courier}`)).status).toBe(200);
    expect((await admin.client.get(`/v2/institutes/${courier}`)).status).toBe(404);
    expect((await admin.client.get(`/v2/institutes/${courier}/labels`)).status).toBe(404);
    const write = await admin.client.post(`/v2/institutes/${courier}/labels`, { label: 'No' });
    expect(write.status).toBe(404);
    const list = await admin.client.get('/v2/institutes');
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([hospital]);

    // Staff's token is bound to one organization too.
    const staff = await tokenOf(sessions.staff, 'read', hospital);
    expect((await staff.client.get(`/v2/institutes/${courier}`)).status).toBe(404);
    const staffList = await staff.client.get('/v2/institutes');
    expect(staffList.body.items.map((i: { id: number }) => i.id)).toEqual([hospital]);
    // …where it acts as the organization's owner: the provider's own actions need a session.
    const staffWrites = await tokenOf(sessions.staff, 'read-write', hospital);
    const created = await staffWrites.client.post('/v2/institutes', { name: 'By a token' });
    expect(created.status).toBe(403);
  });

  it('records its last use, writing at most once a minute', async () => {
    const { id, client } = await tokenOf(sessions.member, 'read');
    expect((await rowOf(id)).last_used_at).toBeNull();
    await client.get(`/v2/institutes/${hospital}`);
    const first = (await rowOf(id)).last_used_at as Date;
    expect(first).toBeInstanceOf(Date);
    await client.get(`/v2/institutes/${hospital}`);
    expect((await rowOf(id)).last_used_at).toEqual(first);
    // A minute later (the stored use moved back), the next request records itself again.
    await server.ctx.db.query(
      `UPDATE personal_access_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1`,
      [id],
    );
    const before = (await rowOf(id)).last_used_at as Date;
    await client.get(`/v2/institutes/${hospital}`);
    const after = (await rowOf(id)).last_used_at as Date;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    const listed = (await sessions.member.get('/v2/account/tokens')).body.items.find(
      (t: { id: number }) => t.id === id,
    );
    expect(listed.last_used_at).toBe(after.toISOString());
  });

  it('refuses a made-up token of the right shape', async () => {
    const fake = server.api.as(`${PERSONAL_TOKEN_PREFIX}${'A'.repeat(43)}`);
    const res = await fake.get(`/v2/institutes/${hospital}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: TOKEN_REFUSED });
  });
});
