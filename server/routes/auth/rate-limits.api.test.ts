import { THROTTLE_LIMITS } from '../../auth/login-throttle';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('rate limits besides login', () => {
  it('limits password-reset requests per account with 429 and Retry-After, sending no mail', async () => {
    const request = (email: string) =>
      server.api.post('/v2/auth/request-password-reset', { email });
    const mails = () => server.mail.messages.filter((m) => m.to.includes('member@example.org'));
    for (let i = 0; i < THROTTLE_LIMITS.password_reset.perAccount; i++) {
      expect((await request('Member@example.org')).status).toBe(204);
    }
    expect(mails()).toHaveLength(THROTTLE_LIMITS.password_reset.perAccount);
    const blocked = await request('member@example.org');
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mails()).toHaveLength(THROTTLE_LIMITS.password_reset.perAccount);
    // Unknown addresses count the same way (the limit reveals no account).
    for (let i = 0; i < THROTTLE_LIMITS.password_reset.perAccount; i++) {
      expect((await request('nobody@example.org')).status).toBe(204);
    }
    expect((await request('nobody@example.org')).status).toBe(429);
    // Another account is not blocked by these.
    expect((await request('owner@example.org')).status).toBe(204);
  });

  it('limits failed registrations per invitation link', async () => {
    const body = {
      token: 'not-a-real-invitation',
      first_name: 'Eve',
      last_name: 'Guesser',
      password: 'long enough',
    };
    for (let i = 0; i < THROTTLE_LIMITS.registration.perAccount; i++) {
      expect((await server.api.post('/v2/auth/register', body)).status).toBe(400);
    }
    const blocked = await server.api.post('/v2/auth/register', body);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    const info = await server.api.get(`/v2/auth/register/${body.token}`);
    expect(info.status).toBe(429);
    expect(info.body.detail).toMatch(/^Too many registration attempts/);
  });
});
