import { TOTP_PERIOD_SECONDS, totpCode } from '../../auth/second-factor';
import { DEMO_PASSWORD } from '../../demo/seed';
import { User } from '../../entities/user';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { sealClearTotpSecrets } from './totp-at-rest';

/**
 * Issue 39: TOTP secrets are kept encrypted like the single sign-on client secrets. A secret set
 * up now is stored sealed; one an older release stored in clear is sealed at the next start
 * (the boot step after the migrations); either way the database holds no clear secret and a
 * sign-in with the second factor works. The codes' clock is the server's (ctx.now), driven.
 */
let server: TestServer;
let step = 60_000_000;
const at = (s: number) => {
  step = s;
  server.ctx.now = () => (s * TOTP_PERIOD_SECONDS + 15) * 1000;
};
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  server = await startTestServer();
  at(step);
});
afterAll(() => server.stop());

const password = (email: string) =>
  server.api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD });

/** Every TOTP secret of the database that is in clear (none may be). */
const clearSecrets = async () =>
  (await server.ctx.db.query(
    `SELECT id FROM users WHERE totp_secret IS NOT NULL AND position('.' in totp_secret) = 0`,
  )) as { id: number }[];

async function signInWithCode(email: string, secret: string) {
  const first = await password(email);
  expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  at(step + 3);
  const second = await server.api.post('/v2/auth/mfa', {
    mfa_token: first.body.mfa_token,
    code: totpCode(secret, step),
  });
  expect(second.status).toBe(200);
  expect(second.body.access_token).toEqual(expect.any(String));
}

it('stores a new secret encrypted, and signs in with it', async () => {
  const member = await server.login('member@example.org');
  const started = await member.post('/v2/account/mfa/totp');
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const pending = await server.ctx.db.query(
    `SELECT u::text AS whole FROM users u WHERE email = 'member@example.org'`,
  );
  expect(pending[0].whole).not.toContain(secret);
  const confirmed = await member.post('/v2/account/mfa/totp/confirm', {
    code: totpCode(secret, step),
  });
  expect(confirmed.status).toBe(200);
  expect(await clearSecrets()).toEqual([]);
  await signInWithCode('member@example.org', secret);
});

it('encrypts a secret an older release stored in clear, once, and it still signs in', async () => {
  const guest = await server.login('guest@example.org');
  const started = await guest.post('/v2/account/mfa/totp');
  const secret = started.body.secret as string;
  expect(
    (await guest.post('/v2/account/mfa/totp/confirm', { code: totpCode(secret, step) })).status,
  ).toBe(200);
  // As releases before this one kept it.
  await server.ctx.db
    .getRepository(User)
    .update({ email: 'guest@example.org' }, { totpSecret: secret });
  expect(await clearSecrets()).toHaveLength(1);
  const entriesOfSecret = async () =>
    (
      await server.ctx.db.query(
        `SELECT count(*)::int AS n FROM audit_events
          WHERE object_type = 'user' AND object_id = $1 AND changes ? 'totp_secret'`,
        [String((await guest.get('/v2/auth/account')).body.id)],
      )
    )[0].n as number;
  const entriesBefore = await entriesOfSecret();

  expect(await sealClearTotpSecrets(server.ctx.db, server.ctx.config.sso.secretKey, quiet)).toBe(1);
  expect(await clearSecrets()).toEqual([]);
  const row = await server.ctx.db
    .getRepository(User)
    .findOneByOrFail({ email: 'guest@example.org' });
  expect(row.totpSecret).not.toContain(secret);
  // Idempotent: nothing left to seal, the sealed one untouched.
  expect(await sealClearTotpSecrets(server.ctx.db, server.ctx.config.sso.secretKey, quiet)).toBe(0);
  expect(
    (await server.ctx.db.getRepository(User).findOneByOrFail({ email: 'guest@example.org' }))
      .totpSecret,
  ).toBe(row.totpSecret);

  // No entry says the second factor changed: it did not (the start's log line tells it).
  expect(await entriesOfSecret()).toBe(entriesBefore);

  await signInWithCode('guest@example.org', secret);
});
