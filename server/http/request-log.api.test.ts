import type { RefreshResponse, TokenResponse } from '../../shared/api/auth';
import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { DEMO_PASSWORD } from '../demo/seed';
import { jsonLogger } from '../logging/logger';

/** Every line the server logged, parsed (a line that is not JSON fails the test). */
const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, jsonLogger(sink));
});
afterAll(() => server.stop());

it('logs each answer as JSON with its request id and route, never a password, token or clinical value', async () => {
  const signIn = await server.api.post('/v2/auth/token', {
    username: 'staff@example.org',
    password: DEMO_PASSWORD,
  });
  const { access_token: access, refresh_token: refresh } = signIn.body as TokenResponse;
  const refreshed = (await server.api.post('/v2/auth/refresh', { refresh }))
    .body as RefreshResponse;
  await server.api.post('/v2/auth/request-password-reset', { email: 'member@example.org' });
  const resetToken = server.mail.linkTo('member@example.org').split('/').pop()!;
  await server.api.get(`/v2/auth/register/${resetToken}`);
  const staff = server.api.as(access);
  const { hospital } = await server.demoInstitutes();
  const entry = await staff.post(`/v2/institutes/${hospital}/clinical-data`, {
    date: '2026-03-02',
    ldh: 4321.5,
  });
  expect(entry.status).toBe(201);

  const everything = lines.join('\n');
  const secrets = [DEMO_PASSWORD, access, refresh, refreshed.access, refreshed.refresh];
  for (const secret of [...secrets, resetToken, '4321.5']) expect(everything).not.toContain(secret);

  // The answer's X-Request-Id leads to its line, which says who did what where.
  const id = entry.headers.get('x-request-id');
  expect(logged().find((line) => line.req_id === id)).toMatchObject({
    msg: 'request',
    method: 'POST',
    route: '/v2/institutes/:id/clinical-data',
    status: 201,
    institute_id: String(hospital),
    user_id: expect.any(Number),
  });
  const requests = logged().filter((line) => line.msg === 'request');
  expect(requests.map((line) => line.route)).toEqual(
    expect.arrayContaining([
      '/v2/auth/token',
      '/v2/auth/refresh',
      '/v2/auth/request-password-reset',
    ]),
  );
  for (const line of requests) expect(line.req_id).toEqual(expect.any(String));
});

it('keeps a request id a proxy gave, and sends one with every error answer', async () => {
  const given = await server.api.request('GET', '/v2/health', {
    headers: { 'X-Request-Id': 'lb-1234' },
  });
  expect(given.headers.get('x-request-id')).toBe('lb-1234');
  const refused = await server.api.get('/v2/records/1');
  expect(refused.status).toBe(401);
  expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});
