import { TOKEN_REFUSED } from '../../../shared/api/account-tokens';
import { SsoSession } from '../../entities/sso';
import type { ApiClient } from '../../../testing/http';
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../testing/oidc-provider';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Issue 39: a personal access token made in a single sign-on session lives no longer than that
 * session: it ends when the provider ends the session (invalid_grant at a refresh) and when the
 * session's SSO_SESSION_HOURS run out. A real OpenID provider (oidc-provider, on loopback) signs
 * the people in; the server's clock (ctx.now), which set the session's end, is driven.
 */
let server: TestServer;
let op: TestOidcProvider;
let hospital: number;
const CLIENT = { clientId: 'vialqc', clientSecret: 'a-client-secret-of-the-test' };
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  op = await startOidcProvider({
    ...CLIENT,
    redirectUri: `${server.ctx.config.publicUrl}/v2/auth/sso/callback`,
  });
  ({ hospital } = await server.demoInstitutes());
  const staff = await server.login('staff@example.org');
  const put = await staff.put(`/v2/institutes/${hospital}/sso`, {
    issuer: op.issuer,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    domains: ['northfield.example'],
    default_role: 'member',
  });
  expect(put.status).toBe(200);
  // Only a verified domain signs anyone in (server/domain/sso/domains.ts).
  const approved = await staff.post(
    `/v2/institutes/${hospital}/sso/domains/northfield.example/approve`,
  );
  expect(approved.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await op?.stop();
  await server?.stop();
});
afterEach(() => {
  server.ctx.now = () => Date.now();
});

/** Signs `email` in through the provider: the session's tokens and its family. */
async function signIn(email: string) {
  const started = await server.api.get(`/v2/auth/sso/start?institute=${hospital}`);
  expect(started.status).toBe(302);
  const callback = await signInAtProvider(started.headers.get('location')!, email);
  const back = await server.api.get(callback.pathname + callback.search);
  const code = new URL(back.headers.get('location')!).searchParams.get('sso_code');
  expect(code).toEqual(expect.any(String));
  const tokens = await server.api.post('/v2/auth/sso/exchange', { code });
  expect(tokens.status).toBe(200);
  const access = tokens.body.access_token as string;
  return {
    session: server.api.as(access),
    refresh: tokens.body.refresh_token as string,
    family: JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid as string,
  };
}

async function tokenOf(session: ApiClient, days = 30) {
  const res = await session.post('/v2/account/tokens', {
    name: 'LIMS export',
    scope: 'read',
    institute: hospital,
    expires_at: new Date(server.ctx.now() + days * DAY_MS).toISOString(),
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, body: res.body, client: session.as(res.body.token) };
}

const reads = async (token: { client: ApiClient }) =>
  (await token.client.get(`/v2/institutes/${hospital}`)).status;

const sessionEnd = async (family: string) =>
  (await server.ctx.db.getRepository(SsoSession).findOneByOrFail({ family })).endsAt;

it('lists a token of an SSO session as ending with it, at the latest', async () => {
  const { session, family } = await signIn('tess@northfield.example');
  const token = await tokenOf(session);
  expect(token.body).toMatchObject({ ends_with_session: true, expired: false });
  expect(new Date(token.body.expires_at).getTime()).toBe((await sessionEnd(family)).getTime());
  expect(await reads(token)).toBe(200);
});

it('ends when the provider ends the session (invalid_grant at a refresh)', async () => {
  const { session, refresh } = await signIn('uma@northfield.example');
  const token = await tokenOf(session);
  expect(await reads(token)).toBe(200);
  await op.removeAccount('uma@northfield.example');
  const refused = await server.api.post('/v2/auth/refresh', { refresh });
  expect(refused.status).toBe(401);
  const res = await token.client.get(`/v2/institutes/${hospital}`);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ detail: TOKEN_REFUSED });
  const [row] = await server.ctx.db.query(
    `SELECT revoked_reason AS reason FROM personal_access_tokens WHERE id = $1`,
    [token.id],
  );
  expect(row.reason).toBe('single sign-on session ended');
});

it('ends when the session’s SSO_SESSION_HOURS run out, by the server’s clock', async () => {
  const { session } = await signIn('vera@northfield.example');
  const token = await tokenOf(session);
  const now = Date.now();
  // An hour before the session's end (12 hours after the sign-in), the token works.
  server.ctx.now = () => now + (server.ctx.config.sso.sessionHours - 1) * HOUR_MS;
  expect(await reads(token)).toBe(200);
  server.ctx.now = () => now + (server.ctx.config.sso.sessionHours * 60 + 1) * 60_000;
  expect(await reads(token)).toBe(401);
});

it('is not made in a session whose hours ran out (its access token lives on a while)', async () => {
  const now = Date.now();
  // The exchange happened 12 hours and a minute ago, by the server's clock.
  server.ctx.now = () => now - (server.ctx.config.sso.sessionHours * 60 + 1) * 60_000;
  const { session } = await signIn('wes@northfield.example');
  server.ctx.now = () => now;
  const res = await session.post('/v2/account/tokens', {
    name: 'too late',
    scope: 'read',
    institute: hospital,
    expires_at: new Date(now + DAY_MS).toISOString(),
  });
  expect(res.status).toBe(401);
});

it('leaves tokens of a password session to their own expiry', async () => {
  const owner = await server.login('owner@example.org');
  const res = await owner.post('/v2/account/tokens', {
    name: 'nightly',
    scope: 'read',
    institute: hospital,
    expires_at: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  });
  expect(res.status).toBe(201);
  expect(res.body.ends_with_session).toBe(false);
  server.ctx.now = () => Date.now() + 13 * HOUR_MS;
  expect((await owner.as(res.body.token).get(`/v2/institutes/${hospital}`)).status).toBe(200);
});
