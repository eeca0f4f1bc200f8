import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const login = (username: string, password: string) =>
  server.api.form('/v2/auth/token', { username, password });

describe('POST /v2/auth/token', () => {
  it('answers access and refresh tokens for good credentials, any e-mail case', async () => {
    const res = await login('Member@Example.org', 'vialqc-demo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
    });
    const claims = JSON.parse(
      Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString(),
    );
    expect(claims).toMatchObject({ roles: ['member'], institutes: [expect.any(Number)] });
    expect(Number(claims.sub)).toBeGreaterThan(0);
  });

  it('answers 400 with the spec sentence for a wrong password or unknown account', async () => {
    for (const [u, p] of [
      ['owner@example.org', 'wrong-password'],
      ['nobody@example.org', 'vialqc-demo'],
    ]) {
      const res = await login(u, p);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Incorrect e-mail/username or password.' });
    }
  });

  it('answers 422 on the username field when it is missing', async () => {
    const res = await server.api.form('/v2/auth/token', { password: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'username'] });
  });

  it('rate-limits repeated failures on one account with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await login('guest@example.org', 'nope')).status).toBe(400);
    const blocked = await login('guest@example.org', 'vialqc-demo');
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed login attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not blocked by this account's failures.
    expect((await login('owner@example.org', 'vialqc-demo')).status).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses protected routes without a token or with a forged one', async () => {
    expect((await server.api.get('/v2/auth/account')).status).toBe(401);
    const forged = await server.api
      .as('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad')
      .get('/v2/auth/account');
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toBe('Token is invalid or expired.');
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const first = (await login('owner@example.org', 'vialqc-demo')).body.refresh_token;
    const rotated = await server.api.post('/v2/auth/refresh', { refresh: first });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const me = await server.api.as(rotated.body.access).get('/v2/auth/account');
    expect(me.body.email).toBe('owner@example.org');

    // The first token is replayed (stolen): refused, and the newest token dies with it.
    expect((await server.api.post('/v2/auth/refresh', { refresh: first })).status).toBe(401);
    const newest = await server.api.post('/v2/auth/refresh', { refresh: rotated.body.refresh });
    expect(newest.status).toBe(401);

    // A separate login (another family) is unaffected.
    const other = (await login('owner@example.org', 'vialqc-demo')).body.refresh_token;
    expect((await server.api.post('/v2/auth/refresh', { refresh: other })).status).toBe(200);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await server.api.post('/v2/auth/refresh', { refresh: 'made-up' })).status).toBe(401);
    const token = (await login('admin@example.org', 'vialqc-demo')).body.refresh_token;
    await server.ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 minute'`);
    expect((await server.api.post('/v2/auth/refresh', { refresh: token })).status).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  it('resets through the e-mailed link once, then the link is dead', async () => {
    const requested = await server.api.post('/v2/auth/request-password-reset', {
      email: 'member@example.org',
    });
    expect(requested.status).toBe(204);
    const link = server.mail.linkTo('member@example.org');
    expect(link).toMatch(/\/reset-password-confirm\/[\w-]+$/);
    const token = link.split('/').pop()!;

    const reset = await server.api.post('/v2/auth/reset-password', {
      token,
      new_password: 'a-new-password',
    });
    expect(reset.status).toBe(204);
    expect((await login('member@example.org', 'vialqc-demo')).status).toBe(400);
    expect((await login('member@example.org', 'a-new-password')).status).toBe(200);

    const again = await server.api.post('/v2/auth/reset-password', {
      token,
      new_password: 'another-password',
    });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired link and a short password', async () => {
    await server.api.post('/v2/auth/request-password-reset', { email: 'admin@example.org' });
    const token = server.mail.linkTo('admin@example.org').split('/').pop()!;
    const short = await server.api.post('/v2/auth/reset-password', {
      token,
      new_password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.detail[0]).toMatchObject({
      loc: ['body', 'new_password'],
      msg: 'Password must have at least 8 characters',
    });
    await server.ctx.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second'`,
    );
    const expired = await server.api.post('/v2/auth/reset-password', {
      token,
      new_password: 'long-enough-1',
    });
    expect(expired.status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = server.mail.messages.length;
    const res = await server.api.post('/v2/auth/request-password-reset', {
      email: 'x@example.org',
    });
    expect(res.status).toBe(204);
    expect(server.mail.messages.length).toBe(before);
  });
});

describe('registration by invitation', () => {
  it('registers an invited user through the e-mailed link, once', async () => {
    const owner = await server.login('owner@example.org');
    const hospitalId = (await owner.get('/v2/auth/account')).body.default_institute;
    const invited = await owner.post(`/v2/institutes/${hospitalId}/users`, {
      email: 'New.Tech@Example.org',
      first_name: 'New',
      last_name: 'Tech',
      institutes: [hospitalId],
      default_institute: hospitalId,
      role: 'member',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'new.tech@example.org', unregistered: true });

    const mail = server.mail.lastTo('new.tech@example.org')!;
    expect(mail.subject).toBe('You have been invited to VialQC');
    const token = server.mail.linkTo('new.tech@example.org').split('/Register/')[1];

    const info = await server.api.get(`/v2/auth/register/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      email: 'new.tech@example.org',
      first_name: 'New',
      last_name: 'Tech',
    });

    // An unregistered user cannot log in yet.
    expect((await login('new.tech@example.org', 'whatever-1')).status).toBe(400);

    const done = await server.api.post('/v2/auth/register', {
      token,
      first_name: 'Nina',
      last_name: 'Tech',
      password: 'registered-1',
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ first_name: 'Nina', unregistered: false });
    expect((await login('new.tech@example.org', 'registered-1')).status).toBe(200);

    expect((await server.api.get(`/v2/auth/register/${token}`)).status).toBe(404);
    const reused = await server.api.post('/v2/auth/register', {
      token,
      first_name: 'Eve',
      last_name: 'Il',
      password: 'hijacked-1',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe('This invitation link is invalid or has expired.');
  });

  it('puts each registration rule on its field', async () => {
    const res = await server.api.post('/v2/auth/register', {
      token: 't',
      first_name: '',
      last_name: '',
      password: '',
    });
    expect(res.status).toBe(422);
    const byField = Object.fromEntries(
      (res.body.detail as { loc: string[]; msg: string }[]).map((d) => [d.loc[1], d.msg]),
    );
    expect(byField).toMatchObject({
      first_name: 'A first name is required.',
      last_name: 'A last name is required.',
    });
    expect(byField.password).toMatch(/You must enter a password\.|Password must have at least 8/);
  });
});

describe('POST /v2/auth/account', () => {
  it('changes names, and the password only with the right current password', async () => {
    const guest = await server.login('guest@example.org').catch(() => undefined);
    // The guest account may still be throttled by the rate-limit test; use the owner instead.
    const client = guest ?? (await server.login('owner@example.org'));
    const wrong = await client.post('/v2/auth/account', {
      first_name: 'Gus',
      last_name: 'Guest',
      current_password: 'not-it',
      new_password: 'something-new',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your current password is incorrect.');

    const missing = await client.post('/v2/auth/account', {
      first_name: 'Gus',
      last_name: 'Guest',
      new_password: 'something-new',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({
      loc: ['body', 'current_password'],
      msg: 'Enter your current password to make changes.',
    });

    const renamed = await client.post('/v2/auth/account', {
      first_name: 'Renamed',
      last_name: 'Person',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ first_name: 'Renamed', last_name: 'Person' });
  });
});
