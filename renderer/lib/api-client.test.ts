/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserDesktopApi, type DesktopApi } from './desktop-bridge';
import { api } from './api-client';
import { connectDesktopSession } from './desktop-session';
import { useSession } from './session-store';

/**
 * The desktop app's page comes from app://vialqc while its API is the configured server: a
 * refresh sent anywhere but that server would fail and sign the user out at the first expiry.
 */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let serverUrl: string;
const seen: Seen[] = [];

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    });
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/v2/auth/refresh') {
      response.end(JSON.stringify({ access: 'fresh-access', refresh: 'fresh-refresh' }));
    } else if (request.headers.authorization === 'Bearer fresh-access') {
      response.end(JSON.stringify({ email: 'member@example.com' }));
    } else {
      response.statusCode = 401;
      response.end(JSON.stringify({ detail: 'Token expired' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const desktop: DesktopApi = {
    ...browserDesktopApi,
    kind: 'desktop',
    getSettings: async () => ({ serverUrl }),
  };
  Object.assign(globalThis, { window: { vialqc: desktop } });
  await connectDesktopSession();
});

afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'window');
  await new Promise((resolve) => server.close(resolve));
});

it('refreshes an expired access token at the configured server and retries the call once', async () => {
  useSession.getState().signIn('expired-access', 'first-refresh');

  const { data } = await api.get('/v2/auth/account');

  expect(data).toEqual({ email: 'member@example.com' });
  expect(seen).toEqual([
    {
      method: 'GET',
      url: '/v2/auth/account',
      authorization: 'Bearer expired-access',
      body: '',
    },
    {
      method: 'POST',
      url: '/v2/auth/refresh',
      authorization: undefined,
      body: JSON.stringify({ refresh: 'first-refresh' }),
    },
    { method: 'GET', url: '/v2/auth/account', authorization: 'Bearer fresh-access', body: '' },
  ]);
  expect(useSession.getState()).toMatchObject({
    access: 'fresh-access',
    refresh: 'fresh-refresh',
  });
});
