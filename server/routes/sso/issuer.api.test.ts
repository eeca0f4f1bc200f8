import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { AuthUser } from '../../auth/auth-user';
import { DomainError } from '../../domain/errors';
import { putSettings } from '../../domain/sso/service';
import { InstituteSso } from '../../entities/sso';
import { User } from '../../entities/user';
import type { ApiClient } from '../../../testing/http';
import { startOidcProvider, type TestOidcProvider } from '../../../testing/oidc-provider';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Issue 39, item 3: the issuer is a request the server makes for whoever saves the settings, and
 * its sign-in start is anonymous. Here the attack is repeated through the API on a server as it
 * runs in use (SSO_ALLOW_HTTP_LOOPBACK off): a real OpenID provider on loopback, a listener
 * counting every TCP connection on loopback, and issuers that name them (or the cloud metadata
 * service, or private networks) in every spelling. Each is refused at save with a 422 before any
 * connection; an anonymous start never asks a provider anything.
 */
let server: TestServer;
let op: TestOidcProvider;
let staff: ApiClient;
let courier: number;
/** A TCP listener on loopback: the connections it was asked for. */
let listener: net.Server;
let connections = 0;
let listenerPort: number;

beforeAll(async () => {
  server = await startTestServer({
    // As in use: the test server's default lets the other tests reach their loopback provider.
    sso: { secretKey: randomBytes(32), sessionHours: 12, allowHttpLoopback: false },
  });
  op = await startOidcProvider({
    clientId: 'vialqc',
    clientSecret: 'a-client-secret-of-the-test',
    redirectUri: `${server.ctx.config.publicUrl}/v2/auth/sso/callback`,
  });
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;
  staff = await server.login('staff@example.org');
  ({ courier } = await server.demoInstitutes());
});
afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  await op?.stop();
  await server?.stop();
});

const put = (issuer: string) =>
  staff.put(`/v2/institutes/${courier}/sso`, {
    issuer,
    client_id: 'vialqc',
    client_secret: 'a-client-secret-of-the-test',
    domains: ['lakeside.example'],
  });

/** The 422's message on the issuer; nothing saved. */
async function refusal(issuer: string): Promise<string> {
  const res = await put(issuer);
  expect(res.status).toBe(422);
  expect(res.body.detail).toEqual([
    { loc: ['body', 'issuer'], msg: expect.any(String), type: 'value_error' },
  ]);
  expect((await staff.get(`/v2/institutes/${courier}/sso`)).body.configured).toBe(false);
  return res.body.detail[0].msg as string;
}

describe('settings naming a provider inside', () => {
  it('refuse the real provider on plain http, without a request to it', async () => {
    const asked = await op.requests();
    expect(await refusal(op.issuer)).toBe(
      'The issuer cannot be used: ' +
        `${op.issuer} is not an https:// address: the provider must be reached over https.`,
    );
    expect(await op.requests()).toBe(asked);
  });

  it.each([
    (port: number) => `https://127.0.0.1:${port}`,
    (port: number) => `https://127.1:${port}`,
    (port: number) => `https://0x7f000001:${port}`,
    (port: number) => `https://2130706433:${port}`,
    (port: number) => `https://localhost:${port}`,
    (port: number) => `https://[::1]:${port}`,
    (port: number) => `https://[::ffff:127.0.0.1]:${port}`,
    (port: number) => `https://[::ffff:7f00:1]:${port}/realms/x`,
  ])('refuse loopback written as %p, without a connection', async (issuer) => {
    const before = connections;
    expect(await refusal(issuer(listenerPort))).toMatch(
      /^The issuer cannot be used: .*a loopback address \(this machine\): the server sends requests to providers on the public internet only\.$/,
    );
    expect(connections).toBe(before);
  });

  it.each([
    ['https://169.254.169.254', 'a link-local address'],
    ['https://[::ffff:169.254.169.254]/latest', 'a link-local address'],
    ['https://[fe80::1]', 'a link-local address'],
    ['https://10.0.0.1', 'a private network address'],
    ['https://172.16.5.4', 'a private network address'],
    ['https://192.168.1.1', 'a private network address'],
    ['https://[fd00::1]', 'a unique-local (private) IPv6 address'],
    ['https://100.64.0.1', 'a carrier-grade NAT (shared) address'],
    ['https://0.0.0.0', 'the unspecified address'],
  ])('refuse %s (%s) before any request', async (issuer, words) => {
    const made = jest.spyOn(https, 'request');
    const plain = jest.spyOn(http, 'request');
    try {
      expect(await refusal(issuer)).toContain(words);
      expect(made).not.toHaveBeenCalled();
      expect(plain).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
      plain.mockRestore();
    }
  });

  it('refuse a host name that resolves to a private address, before connecting', async () => {
    const me = await server.ctx.db
      .getRepository(User)
      .findOneByOrFail({ email: 'staff@example.org' });
    const staffUser: AuthUser = {
      id: me.id,
      email: me.email,
      role: 'staff',
      isStaff: true,
      instituteIds: [],
    };
    const resolved: string[] = [];
    const made = jest.spyOn(https, 'request');
    try {
      const err = await putSettings(
        {
          db: server.ctx.db,
          publicUrl: server.ctx.config.publicUrl,
          secretKey: server.ctx.config.sso.secretKey,
          outbound: {
            allowHttpLoopback: false,
            resolve: (host) => {
              resolved.push(host);
              return Promise.resolve(['93.184.216.34', '10.0.0.1']);
            },
          },
        },
        staffUser,
        courier,
        {
          issuer: 'https://sso.lakeside.example',
          client_id: 'vialqc',
          domains: ['lakeside.example'],
          default_role: 'member',
          password_login_allowed: true,
        },
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(422);
      expect((err as DomainError).detail).toEqual([
        {
          loc: ['body', 'issuer'],
          msg:
            'The issuer cannot be used: sso.lakeside.example resolves to 10.0.0.1, a private ' +
            'network address: the server sends requests to providers on the public internet only.',
          type: 'value_error',
        },
      ]);
      expect(resolved).toEqual(['sso.lakeside.example']);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe('anonymous sign-in starts', () => {
  const settings = () => server.ctx.db.getRepository(InstituteSso);
  afterEach(() => settings().delete({ instituteId: courier }));

  it('ask nothing of settings saved before discovery was kept (they need saving again)', async () => {
    await settings().insert({
      instituteId: courier,
      issuer: `http://127.0.0.1:${listenerPort}`,
      clientId: 'vialqc',
      clientSecretEncrypted: null,
      defaultRole: 'member',
      passwordLoginAllowed: true,
      providerMetadata: null,
    });
    const before = connections;
    for (let i = 0; i < 3; i++) {
      const res = await server.api.get(`/v2/auth/sso/start?institute=${courier}`);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).searchParams.get('sso_error')).toBe(
        'not-configured',
      );
    }
    expect(connections).toBe(before);
  });

  it('redirect from the kept configuration, and the callback refuses an endpoint inside', async () => {
    // A configuration whose token endpoint has come to point inside since it was saved.
    const issuer = 'https://login.lakeside.example';
    await settings().insert({
      instituteId: courier,
      issuer,
      clientId: 'vialqc',
      clientSecretEncrypted: null,
      defaultRole: 'member',
      passwordLoginAllowed: true,
      providerMetadata: {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `https://127.0.0.1:${listenerPort}/token`,
        jwks_uri: `https://169.254.169.254/jwks`,
      },
    });
    const before = connections;
    const made = jest.spyOn(https, 'request');
    try {
      const started = await server.api.get(`/v2/auth/sso/start?institute=${courier}`);
      expect(started.status).toBe(302);
      const auth = new URL(started.headers.get('location')!);
      expect(auth.origin).toBe(issuer);
      const back = await server.api.get(
        `/v2/auth/sso/callback?code=c&state=${auth.searchParams.get('state')}&iss=${issuer}`,
      );
      expect(new URL(back.headers.get('location')!).searchParams.get('sso_error')).toBe(
        'unreachable',
      );
      expect(made).not.toHaveBeenCalled();
      expect(connections).toBe(before);
    } finally {
      made.mockRestore();
    }
  });
});
