import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { IsNull } from 'typeorm';
import { SSO_ERRORS } from '../../../shared/api/sso';
import { decryptSecret } from '../../auth/sso-secret';
import { DEMO_PASSWORD } from '../../demo/seed';
import { PROVIDER_ENDED_SESSION } from '../../domain/sso/service';
import { RefreshToken } from '../../entities/auth-token';
import { InstituteSso, SsoLogin, SsoSession } from '../../entities/sso';
import { User } from '../../entities/user';
import type { ApiClient } from '../../../testing/http';
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../testing/oidc-provider';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Single sign-on end to end: a real OpenID provider (oidc-provider, on loopback) for the flow,
 * and a small provider of our own (jose) that answers ID tokens wrong in one way each, which the
 * server must refuse. The server's clock (ctx.now) is driven where expiry matters.
 */
let server: TestServer;
let op: TestOidcProvider;
let staff: ApiClient;
let hospital: number;
let courier: number;
const CLIENT = { clientId: 'vialqc', clientSecret: 'a-client-secret-of-the-test' };

beforeAll(async () => {
  server = await startTestServer();
  op = await startOidcProvider({
    ...CLIENT,
    redirectUri: `${server.ctx.config.publicUrl}/v2/auth/sso/callback`,
  });
  staff = await server.login('staff@example.org');
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(async () => {
  await op?.stop();
  await server?.stop();
});
afterEach(() => {
  server.ctx.now = () => Date.now();
});

/**
 * Saves the settings as staff and approves each domain still pending, so that it signs in
 * (verified domains and whom they sign in: sign-in-policy.api.test.ts); answers the PUT.
 */
async function configure(institute: number, settings: Record<string, unknown>) {
  const put = await staff.put(`/v2/institutes/${institute}/sso`, settings);
  if (put.status !== 200) return put;
  for (const domain of put.body.domains as { name: string; state: string }[]) {
    if (domain.state === 'verified') continue;
    const approved = await staff.post(
      `/v2/institutes/${institute}/sso/domains/${domain.name}/approve`,
    );
    expect(approved.status).toBe(200);
  }
  return put;
}

const start = (institute: number) => server.api.get(`/v2/auth/sso/start?institute=${institute}`);

/** The redirect's query parameter, from a 302 into the app. */
function param(res: { status: number; headers: Headers }, name: string): string | null {
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get(name);
}

/** Signs `email` in through the real provider: the one-time code the app receives. */
async function ssoCode(email: string): Promise<string> {
  const started = await start(hospital);
  expect(started.status).toBe(302);
  const callback = await signInAtProvider(started.headers.get('location')!, email);
  expect(callback.pathname).toBe('/v2/auth/sso/callback');
  const back = await server.api.get(callback.pathname + callback.search);
  const error = param(back, 'sso_error');
  if (error) throw new Error(`The callback refused: ${error}`);
  expect(new URL(back.headers.get('location')!).pathname).toBe('/login');
  return param(back, 'sso_code')!;
}

const exchange = (code: string) => server.api.post('/v2/auth/sso/exchange', { code });

describe('settings', () => {
  it('are set by staff, with the secret encrypted and never answered', async () => {
    const put = await configure(hospital, {
      issuer: op.issuer,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      domains: ['Northfield.example', 'nhs-northfield.example'],
      default_role: 'admin',
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      configured: true,
      issuer: op.issuer,
      client_id: 'vialqc',
      client_secret_set: true,
      // Answered before configure() approves them: new claims are pending, with their record.
      domains: ['nhs-northfield.example', 'northfield.example'].map((name) => ({
        name,
        state: 'pending',
        record: expect.stringMatching(/^vialqc-domain-verification=[0-9a-f]{32}$/),
        verified_at: null,
        verified_by: null,
      })),
      default_role: 'admin',
      password_login_allowed: true,
      // The address the sign-in comes back to, to register with the provider (issue 44).
      redirect_uri: `${server.ctx.config.publicUrl}/v2/auth/sso/callback`,
    });
    expect(JSON.stringify((await staff.get(`/v2/institutes/${hospital}/sso`)).body)).not.toContain(
      CLIENT.clientSecret,
    );
    const row = await server.ctx.db
      .getRepository(InstituteSso)
      .findOneByOrFail({ instituteId: hospital });
    expect(row.clientSecretEncrypted).not.toContain(CLIENT.clientSecret);
  });

  it('keep the stored secret when a change leaves it out', async () => {
    const put = await configure(hospital, {
      issuer: op.issuer,
      client_id: CLIENT.clientId,
      domains: ['northfield.example'],
      default_role: 'member',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      client_secret_set: true,
      domains: [{ name: 'northfield.example', state: 'verified', verified_by: 'staff' }],
    });
  });

  it('refuse a domain another organization covers, staff as the default role, and members', async () => {
    const taken = await configure(courier, {
      issuer: op.issuer,
      client_id: 'other',
      domains: ['northfield.example'],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/northfield\.example already signs in with/);
    const asStaff = await configure(courier, {
      issuer: op.issuer,
      client_id: 'other',
      domains: ['lakeside.example'],
      default_role: 'staff',
    });
    expect(asStaff.status).toBe(422);
    const member = await server.login('member@example.org');
    expect((await member.get(`/v2/institutes/${hospital}/sso`)).status).toBe(403);
  });
});

describe('sign-in through the provider', () => {
  it('finds the organization of an e-mail, and none for an uncovered domain', async () => {
    const found = await server.api.get('/v2/auth/sso/discover?email=ann@northfield.example');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ institute: hospital, name: 'Northfield General Hospital' });
    const none = await server.api.get('/v2/auth/sso/discover?email=ann@elsewhere.example');
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe(
      'No organization signs in this e-mail domain with single sign-on.',
    );
  });

  it('creates the user at first sign-in with the role and membership, and reuses it after', async () => {
    const first = await exchange(await ssoCode('nina@northfield.example'));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
    });
    const nina = server.api.as(first.body.access_token);
    const account = await nina.get('/v2/auth/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      email: 'nina@northfield.example',
      role: 'member',
      last_institute: hospital,
    });
    const user = await server.ctx.db.getRepository(User).findOneOrFail({
      where: { email: 'nina@northfield.example' },
      relations: { institutes: true },
    });
    expect(user.isStaff).toBe(false);
    expect(user.institutes.map((i) => i.id)).toEqual([hospital]);

    const second = await exchange(await ssoCode('nina@northfield.example'));
    expect(second.status).toBe(200);
    expect(
      await server.ctx.db.getRepository(User).countBy({ email: 'nina@northfield.example' }),
    ).toBe(1);
  });

  it('refuses a one-time code used once already, or too late', async () => {
    const code = await ssoCode('otto@northfield.example');
    expect((await exchange(code)).status).toBe(200);
    const replay = await exchange(code);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toBe(
      'This sign-in code is invalid, expired or already used. Please sign in again.',
    );
    const late = await ssoCode('otto@northfield.example');
    const now = Date.now();
    server.ctx.now = () => now + 61_000;
    expect((await exchange(late)).status).toBe(401);
  });

  it('refuses an account disabled here', async () => {
    await exchange(await ssoCode('dora@northfield.example'));
    await server.ctx.db
      .getRepository(User)
      .update({ email: 'dora@northfield.example' }, { isActive: false });
    const started = await start(hospital);
    const callback = await signInAtProvider(
      started.headers.get('location')!,
      'dora@northfield.example',
    );
    const back = await server.api.get(callback.pathname + callback.search);
    expect(param(back, 'sso_error')).toBe('disabled');
  });

  it('refuses an e-mail outside the domains the organization set', async () => {
    const started = await start(hospital);
    const callback = await signInAtProvider(
      started.headers.get('location')!,
      'eve@elsewhere.example',
    );
    const back = await server.api.get(callback.pathname + callback.search);
    expect(param(back, 'sso_error')).toBe('unknown-domain');
  });

  it('sends the refusal of the provider (error=) and an unknown state back to the login page', async () => {
    const started = await start(hospital);
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const refused = await server.api.get(
      `/v2/auth/sso/callback?error=access_denied&error_description=no&state=${state}&iss=${op.issuer}`,
    );
    expect(param(refused, 'sso_error')).toBe('refused');
    const unknown = await server.api.get('/v2/auth/sso/callback?code=x&state=never-issued');
    expect(param(unknown, 'sso_error')).toBe('expired');
    expect(SSO_ERRORS.refused).toMatch(/did not sign you in/);
  });

  it('ends the session at SSO_SESSION_HOURS: refresh refused after', async () => {
    const code = await ssoCode('rita@northfield.example');
    // The exchange happened 12 hours and a minute ago, by the server's clock.
    const now = Date.now();
    server.ctx.now = () => now - (12 * 60 + 1) * 60_000;
    const tokens = await exchange(code);
    expect(tokens.status).toBe(200);
    server.ctx.now = () => now;
    const refresh = await server.api.post('/v2/auth/refresh', {
      refresh: tokens.body.refresh_token,
    });
    expect(refresh.status).toBe(401);
    // A session begun now refreshes.
    const fresh = await exchange(await ssoCode('rita@northfield.example'));
    const again = await server.api.post('/v2/auth/refresh', { refresh: fresh.body.refresh_token });
    expect(again.status).toBe(200);
  });

  it('refuses password sign-in for a covered domain when the organization says so', async () => {
    await exchange(await ssoCode('paul@northfield.example'));
    const password = () =>
      server.api.form('/v2/auth/token', { username: 'paul@northfield.example', password: 'x' });
    expect((await password()).body.detail).toBe('Incorrect e-mail/username or password.');
    await configure(hospital, {
      issuer: op.issuer,
      client_id: CLIENT.clientId,
      domains: ['northfield.example'],
      password_login_allowed: false,
    });
    const refused = await password();
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      'Northfield General Hospital signs you in with single sign-on: use "Continue with Northfield General Hospital".',
    );
    // Others still sign in with their password.
    expect((await server.login('owner@example.org')).token).toEqual(expect.any(String));
  });

  it('starts without asking the provider anything: its configuration was kept at save', async () => {
    const asked = await op.requests();
    for (let i = 0; i < 5; i++) expect((await start(hospital)).status).toBe(302);
    expect(await op.requests()).toBe(asked);
    const row = await server.ctx.db
      .getRepository(InstituteSso)
      .findOneByOrFail({ instituteId: hospital });
    expect(row.providerMetadata).toMatchObject({
      issuer: op.issuer,
      token_endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
    });
  });

  it('starts with a provider that has stopped, and sends the browser back from its callback', async () => {
    const gone = await discoveryServer();
    expect(
      (
        await configure(courier, {
          issuer: gone.issuer,
          client_id: 'vialqc',
          client_secret: 'a-secret',
          domains: ['lakeside.example'],
        })
      ).status,
    ).toBe(200);
    expect(gone.requests()).toEqual(['/.well-known/openid-configuration']);
    await gone.close();
    const started = await start(courier);
    const auth = new URL(started.headers.get('location')!);
    expect(auth.origin).toBe(gone.issuer);
    const back = await server.api.get(
      `/v2/auth/sso/callback?code=c&state=${auth.searchParams.get('state')}&iss=${gone.issuer}`,
    );
    expect(param(back, 'sso_error')).toBe('unreachable');
  });
});

/**
 * A server on loopback answering `/.well-known/openid-configuration` with `configuration` (a
 * provider's, by default) and every other path as `other` says; it lists the paths asked.
 */
async function discoveryServer(
  configuration?: (issuer: string) => { status: number; headers?: object; body?: unknown },
) {
  const asked: string[] = [];
  let issuer = '';
  const fake = http.createServer((req, res) => {
    asked.push(req.url!);
    const answer = configuration?.(issuer) ?? {
      status: 200,
      body: {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
      },
    };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  return {
    issuer,
    requests: () => asked,
    close: () => new Promise((resolve) => fake.close(resolve)),
  };
}

/** A free port on loopback: nothing listens there. */
async function closedPort(): Promise<number> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return port;
}

/**
 * Discovery runs when the settings are saved: a provider that cannot work is refused there, with
 * a 422 on the issuer saying what failed, and nothing is saved.
 */
describe('settings that cannot work', () => {
  const put = (issuer: string) =>
    configure(courier, {
      issuer,
      client_id: 'vialqc',
      client_secret: 'a-secret',
      domains: ['lakeside.example'],
    });
  /** The 422's message on the issuer field; the settings before it unchanged. */
  async function refusedWith(issuer: string): Promise<string> {
    const before = await staff.get(`/v2/institutes/${courier}/sso`);
    const res = await put(issuer);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'issuer'], msg: expect.any(String), type: 'value_error' },
    ]);
    expect((await staff.get(`/v2/institutes/${courier}/sso`)).body).toEqual(before.body);
    return res.body.detail[0].msg as string;
  }

  it('refuses a provider that cannot be reached', async () => {
    const port = await closedPort();
    expect(await refusedWith(`http://127.0.0.1:${port}`)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port} could not be reached \\(.*ECONNREFUSED`),
    );
  });

  it('refuses what is no OpenID provider', async () => {
    const page = await discoveryServer(() => ({ status: 404, body: { detail: 'Not found' } }));
    expect(await refusedWith(page.issuer)).toBe(
      `${page.issuer}/.well-known/openid-configuration answered 404: ${page.issuer} is not an ` +
        "OpenID provider's issuer.",
    );
    const other = await discoveryServer(() => ({ status: 200, body: { hello: 'world' } }));
    expect(await refusedWith(other.issuer)).toMatch(/is not an OpenID provider's configuration/);
    await Promise.all([page.close(), other.close()]);
  });

  it('refuses a configuration that names another issuer', async () => {
    const liar = await discoveryServer(() => ({
      status: 200,
      body: { issuer: op.issuer, authorization_endpoint: `${op.issuer}/auth` },
    }));
    expect(await refusedWith(liar.issuer)).toMatch(/names another issuer/);
    await liar.close();
  });

  it('follows no redirect', async () => {
    const redirect = await discoveryServer(() => ({
      status: 302,
      headers: { location: `${op.issuer}/.well-known/openid-configuration` },
    }));
    const asked = await op.requests();
    expect(await refusedWith(redirect.issuer)).toBe(
      `${redirect.issuer}/.well-known/openid-configuration answered with a redirect to ` +
        `${op.issuer}/.well-known/openid-configuration, which is not followed: enter the issuer ` +
        'exactly as the provider names it.',
    );
    expect(await op.requests()).toBe(asked);
    await redirect.close();
  });

  it('refuses a first save without the client secret', async () => {
    // An organization with no settings yet (the courier's were saved above).
    const { provider } = await server.demoInstitutes();
    const res = await staff.put(`/v2/institutes/${provider}/sso`, {
      issuer: op.issuer,
      client_id: 'vialqc',
      domains: ['provider.example'],
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ['body', 'client_secret'],
        msg: 'The client secret is required.',
        type: 'value_error',
      },
    ]);
  });

  it('refuses a provider whose token endpoint the server may not call', async () => {
    const inside = await discoveryServer((issuer) => ({
      status: 200,
      body: {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: 'http://169.254.169.254/latest/meta-data/',
        response_types_supported: ['code'],
      },
    }));
    expect(await refusedWith(inside.issuer)).toBe(
      "The provider's token_endpoint cannot be used: 169.254.169.254, a link-local address " +
        '(cloud metadata services live there): the server sends requests to providers on the ' +
        'public internet only.',
    );
    await inside.close();
  });
});

/**
 * The real provider issues refresh tokens (offline_access): each refresh of an SSO session asks
 * it with the session's, and ends the session once it no longer knows the user.
 */
describe('sessions re-checked with the provider', () => {
  const refresh = (token: string) => server.api.post('/v2/auth/refresh', { refresh: token });
  /** The session (token family) an access token belongs to. */
  const familyOf = (access: string): string =>
    JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid;
  const sessionRow = (family: string) =>
    server.ctx.db.getRepository(SsoSession).findOneByOrFail({ family });
  const providerToken = (row: SsoSession) =>
    decryptSecret(server.ctx.config.sso.secretKey, row.providerRefreshEncrypted!, hospital);

  async function signIn(email: string) {
    const tokens = await exchange(await ssoCode(email));
    expect(tokens.status).toBe(200);
    return {
      family: familyOf(tokens.body.access_token),
      refresh: tokens.body.refresh_token as string,
    };
  }

  it('asks for offline access, and keeps the refresh token encrypted on the session', async () => {
    const auth = new URL((await start(hospital)).headers.get('location')!);
    expect(auth.searchParams.get('scope')!.split(' ')).toContain('offline_access');
    expect(auth.searchParams.get('prompt')).toBe('consent');

    const { family } = await signIn('ivy@northfield.example');
    const row = await sessionRow(family);
    expect(row.instituteId).toBe(hospital);
    const plain = providerToken(row);
    expect(plain.length).toBeGreaterThan(16);
    expect(row.providerRefreshEncrypted).not.toContain(plain);
    // The sign-in's row gave it up at the exchange.
    expect(
      await server.ctx.db
        .getRepository(SsoLogin)
        .countBy({ providerRefreshEncrypted: row.providerRefreshEncrypted! }),
    ).toBe(0);
  });

  it('refreshes while the provider knows the user, keeping its rotated token', async () => {
    const { family, refresh: first } = await signIn('joan@northfield.example');
    const before = await sessionRow(family);
    const asked = await op.requests();
    const refreshed = await refresh(first);
    expect(refreshed.status).toBe(200);
    expect(await op.requests()).toBeGreaterThan(asked);
    const after = await sessionRow(family);
    expect(providerToken(after)).not.toBe(providerToken(before));
    expect(JSON.stringify(refreshed.body)).not.toContain(providerToken(after));
    expect(after.endsAt.getTime()).toBeGreaterThanOrEqual(before.endsAt.getTime());
    // Still single-use: the first token again is a replay.
    expect((await refresh(first)).status).toBe(401);
  });

  it('ends the session at the next refresh once the provider no longer knows the user', async () => {
    const { family, refresh: first } = await signIn('karl@northfield.example');
    const second = await refresh(first);
    expect(second.status).toBe(200);
    await op.removeAccount('karl@northfield.example');
    const refused = await refresh(second.body.refresh);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: PROVIDER_ENDED_SESSION });
    expect(refused.body.access).toBeUndefined();
    expect(
      await server.ctx.db.getRepository(RefreshToken).countBy({ family, revokedAt: IsNull() }),
    ).toBe(0);
    expect((await sessionRow(family)).providerRefreshEncrypted).toBeNull();
    expect((await refresh(second.body.refresh)).status).toBe(401);
  });

  it('lives within SSO_SESSION_HOURS when the provider cannot be reached', async () => {
    const { family, refresh: first } = await signIn('lily@northfield.example');
    const before = await sessionRow(family);
    const port = await closedPort();
    const settings = server.ctx.db.getRepository(InstituteSso);
    const kept = (await settings.findOneByOrFail({ instituteId: hospital })).providerMetadata!;
    // The provider's token endpoint has gone (its configuration is the one kept at save).
    await settings.update(
      { instituteId: hospital },
      { providerMetadata: { ...kept, token_endpoint: `http://127.0.0.1:${port}/token` } },
    );
    try {
      const refreshed = await refresh(first);
      expect(refreshed.status).toBe(200);
      const after = await sessionRow(family);
      expect(after.providerRefreshEncrypted).toBe(before.providerRefreshEncrypted);
      expect(after.endsAt).toEqual(before.endsAt);
      // Past its end, the session is over without asking.
      await server.ctx.db
        .getRepository(SsoSession)
        .update({ family }, { endsAt: new Date(Date.now() - 60_000) });
      expect((await refresh(refreshed.body.refresh)).status).toBe(401);
    } finally {
      await settings.update({ instituteId: hospital }, { providerMetadata: kept });
    }
  });

  it('asks no provider at the refresh of a password session', async () => {
    const password = await server.api.form('/v2/auth/token', {
      username: 'owner@example.org',
      password: DEMO_PASSWORD,
    });
    expect(password.status).toBe(200);
    const asked = await op.requests();
    expect((await refresh(password.body.refresh_token)).status).toBe(200);
    expect(await op.requests()).toBe(asked);
  });
});

/**
 * A provider of our own whose token endpoint answers the ID token `mint` makes: each test makes
 * one wrong in one way, which openid-client must catch.
 */
describe('ID tokens that fail the checks', () => {
  let fake: http.Server;
  let issuer: string;
  let mint: (nonce: string) => Promise<string>;
  let key: CryptoKey;
  let other: CryptoKey;
  let jwk: JWK;
  /** The nonce of each code the fake provider "issued". */
  const nonces = new Map<string, string>();

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    other = (await generateKeyPair('RS256')).privateKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    fake = http.createServer((req, res) => {
      const url = new URL(req.url!, issuer);
      const json = (body: unknown) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/token') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const code = new URLSearchParams(body).get('code')!;
          void mint(nonces.get(code)!).then((idToken) =>
            json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken }),
          );
        });
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    expect(
      (
        await configure(courier, {
          issuer,
          client_id: 'vialqc',
          client_secret: 'fake-secret',
          domains: ['lakeside.example'],
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => new Promise((resolve) => fake.close(resolve)));

  const good = (nonce: string) => ({
    iss: issuer,
    aud: 'vialqc',
    sub: 'lena',
    email: 'lena@lakeside.example',
    email_verified: true,
    nonce,
  });
  const sign = (claims: Record<string, unknown>, signer = key, expiresIn = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(signer);

  /** Starts a sign-in, lets the fake provider "sign the user in", and calls back with its code. */
  async function callBack(): Promise<string | null> {
    const started = await start(courier);
    const auth = new URL(started.headers.get('location')!);
    expect(auth.origin).toBe(issuer);
    const code = `code-${Math.random()}`;
    nonces.set(code, auth.searchParams.get('nonce')!);
    const back = await server.api.get(
      `/v2/auth/sso/callback?code=${code}&state=${auth.searchParams.get('state')}`,
    );
    return param(back, 'sso_error');
  }

  it('accepts a right one (the fake provider itself is sound)', async () => {
    mint = (nonce) => sign(good(nonce));
    expect(await callBack()).toBeNull();
  });

  it.each([
    ['a wrong issuer', (nonce: string) => sign({ ...good(nonce), iss: 'https://evil.example' })],
    ['a wrong audience', (nonce: string) => sign({ ...good(nonce), aud: 'someone-else' })],
    ['a wrong nonce', (nonce: string) => sign({ ...good(`${nonce}x`) })],
    ['a signature of another key', (nonce: string) => sign(good(nonce), other)],
    [
      'claims changed after signing',
      async (nonce: string) => {
        const [header, , signature] = (await sign(good(nonce))).split('.');
        const claims = Buffer.from(
          JSON.stringify({ ...good(nonce), email: 'boss@lakeside.example', exp: 9e9, iat: 1 }),
        ).toString('base64url');
        return [header, claims, signature].join('.');
      },
    ],
  ])('refuses %s', async (_what, wrong) => {
    mint = wrong;
    expect(await callBack()).toBe('invalid');
  });

  it('refuses an expired one, by the server clock', async () => {
    mint = (nonce) => sign(good(nonce), key, '5m');
    const now = Date.now();
    // The server's clock is an hour ahead: the token it gets expired 55 minutes ago.
    server.ctx.now = () => now + 3_600_000;
    const started = await start(courier);
    const auth = new URL(started.headers.get('location')!);
    const code = 'code-expired';
    nonces.set(code, auth.searchParams.get('nonce')!);
    const back = await server.api.get(
      `/v2/auth/sso/callback?code=${code}&state=${auth.searchParams.get('state')}`,
    );
    expect(param(back, 'sso_error')).toBe('invalid');
  });
});
