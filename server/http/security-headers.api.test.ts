import net from 'node:net';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { APP_ORIGIN } from '../../shared/ipc/app-origin';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/** What the server writes back to a hand-made request, until it closes the connection. */
function rawRequest(text: string): Promise<string> {
  const { port } = new URL(server.api.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

let server: TestServer;
let memberClient: Awaited<ReturnType<TestServer['login']>>;
const member = () => memberClient;
beforeAll(async () => {
  server = await startTestServer();
  memberClient = await server.login('member@example.org');
});
afterAll(() => server.stop());

const expectSecurityHeaders = (headers: Headers) => {
  expect(headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-powered-by')).toBeNull();
};

describe('security headers', () => {
  it('come with every answer: API, errors, the app and its 404s', async () => {
    for (const answer of [
      await server.api.get('/v2/health'),
      await server.api.get('/v2/openapi.json'),
      await server.api.get('/v2/auth/account'), // 401
      await member().get('/v2/no-such-thing'), // 404
      await server.api.request('POST', '/v2/auth/refresh', {
        body: '{"refresh": ',
        headers: { 'Content-Type': 'application/json' },
      }), // 400
      await server.api.get('/'),
      await server.api.get('/records'),
      await server.api.get('/assets/missing.js'),
    ]) {
      expectSecurityHeaders(answer.headers);
    }
  });

  it('answer errors without stack traces, SQL, paths or library messages', async () => {
    const bad = await server.api.request('POST', '/v2/auth/refresh', {
      body: '{"refresh": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: 'The request body is not valid JSON.' });
    const malformedUrl = await member().get('/v2/lines/%E0%A4%A');
    expect(malformedUrl.status).toBeGreaterThanOrEqual(400);
    expect(malformedUrl.status).toBeLessThan(500);
    expect(JSON.stringify(malformedUrl.body)).not.toMatch(
      /\/work\/|node_modules|at .*\.js|URIError/,
    );
  });

  it('come with the answers Node gives before Express, with a detail the UI can show', async () => {
    // A records filter naming thousands of labels: a URL past Node's 16 KB header limit.
    const labels = Array.from({ length: 4000 }, (_, i) => i + 1).join(',');
    const tooLong = await member().get(`/v2/institutes/1/records?labels=${labels}`);
    expect(tooLong.status).toBe(431);
    expect(tooLong.body.detail).toMatch(
      /too large: its address and headers may take at most 16 KB/,
    );
    expectSecurityHeaders(tooLong.headers);

    // A request line no HTTP client sends.
    const raw = await rawRequest('GARBAGE\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('X-Content-Type-Options: nosniff');
    expect(raw.split('\r\n\r\n')[1]).toBe('{"detail":"The request is malformed."}');

    // The server still answers everyone else.
    expect((await member().get('/v2/auth/account')).status).toBe(200);
  });

  it('grant CORS to the desktop origin only', async () => {
    const desktop = await server.api.request('OPTIONS', '/v2/auth/token', {
      headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST' },
    });
    expect(desktop.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const foreign = await server.api.request('GET', '/v2/health', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
