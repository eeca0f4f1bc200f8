import { startServer, type RunningServer } from '../boot';
import { freePort } from '../db/embedded-postgres';
import { ApiClient } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { LoginThrottle, THROTTLE_LIMITS } from './login-throttle';

let first: TestServer;
let second: RunningServer;
beforeAll(async () => {
  first = await startTestServer();
  // A second server process's app on the same database (no worker, nothing to seed).
  second = await startServer(
    { ...first.ctx.config, port: await freePort(), worker: false },
    { info: () => undefined, error: (m, e) => console.error(m, e) },
  );
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const login = (api: ApiClient, username: string, password: string) =>
  api.form('/v2/auth/token', { username, password });

describe('the login throttle in PostgreSQL', () => {
  it('counts failed logins across server processes on one database', async () => {
    const a = first.api;
    const b = new ApiClient(second.url);
    for (const api of [a, b, a, b, a]) {
      expect((await login(api, 'member@example.org', 'wrong')).status).toBe(400);
    }
    // Five failures, spread over both servers: either one now refuses, even the right password.
    for (const api of [a, b]) {
      const blocked = await login(api, 'member@example.org', 'vialqc-demo');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets attempts again once the window has passed (injected clock)', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const throttle = new LoginThrottle(THROTTLE_LIMITS, () => now);
    const db = first.ctx.db.manager;
    const { perAccount, windowMs } = THROTTLE_LIMITS.login;
    for (let i = 0; i < perAccount; i++) {
      expect(await throttle.retryAfter(db, 'login', 'clock@example.org', '10.0.0.1')).toBe(0);
      await throttle.record(db, 'login', 'clock@example.org', '10.0.0.1');
      now += 1000;
    }
    // The first of the five leaves the window 15 minutes after it was made.
    const wait = await throttle.retryAfter(db, 'login', 'clock@example.org', '10.0.0.2');
    expect(wait).toBe(windowMs / 1000 - perAccount);
    now += wait * 1000;
    expect(await throttle.retryAfter(db, 'login', 'clock@example.org', '10.0.0.2')).toBe(0);
    // Another kind of request is counted apart.
    expect(await throttle.retryAfter(db, 'password_reset', 'clock@example.org', '10.0.0.1')).toBe(
      0,
    );
  });

  it('limits per address as well as per account', async () => {
    const now = Date.parse('2030-02-01T00:00:00Z');
    const throttle = new LoginThrottle(THROTTLE_LIMITS, () => now);
    const db = first.ctx.db.manager;
    for (let i = 0; i < THROTTLE_LIMITS.login.perAddress; i++) {
      await throttle.record(db, 'login', `user${i}@example.org`, '10.9.9.9');
    }
    expect(await throttle.retryAfter(db, 'login', 'fresh@example.org', '10.9.9.9')).toBeGreaterThan(
      0,
    );
    expect(await throttle.retryAfter(db, 'login', 'fresh@example.org', '10.9.9.8')).toBe(0);
  });
});
