import { recoveryCodeHash, TOTP_PERIOD_SECONDS, totpCode } from '../../auth/second-factor';
import { openTotpSecret } from '../../auth/totp-secret';
import { RecoveryCode } from '../../entities/recovery-code';
import { User } from '../../entities/user';
import { DEMO_PASSWORD } from '../../demo/seed';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * The second factor end to end, on a server that requires it of staff (MFA_REQUIRED_FOR_STAFF's
 * default). The clock codes are checked against is the test's: `at(step)` sets it, codes are
 * computed for the steps the test names, and nothing waits for time to pass.
 */
let server: TestServer;
let step = 0;
const at = (s: number) => {
  step = s;
  // The middle of the step, as an app's code would be typed.
  server.ctx.now = () => (s * TOTP_PERIOD_SECONDS + 15) * 1000;
};
beforeAll(async () => {
  server = await startTestServer({ mfaRequiredForStaff: true });
  at(60_000_000);
});
afterAll(() => server.stop());

const password = (email: string) =>
  server.api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD });
const secondStep = (mfaToken: string, code: string) =>
  server.api.post('/v2/auth/mfa', { mfa_token: mfaToken, code });
const deleteWith = (api: ApiClient, path: string, body: unknown) =>
  api.request('DELETE', path, {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
/** The user's TOTP secret, as the server decrypts it (it is stored encrypted). */
async function secretOf(email: string) {
  const user = await server.ctx.db.getRepository(User).findOneByOrFail({ email });
  return openTotpSecret(server.ctx.config.sso.secretKey, user.totpSecret!, user.id);
}

/** Signs in with password and, where asked, the current step's code. */
async function signIn(email: string): Promise<ApiClient> {
  const first = await password(email);
  expect(first.status).toBe(200);
  if (first.body.access_token) return server.api.as(first.body.access_token);
  at(step + 3); // past any code used yet (the last may be one step ahead)
  const second = await secondStep(first.body.mfa_token, totpCode(await secretOf(email), step));
  expect(second.status).toBe(200);
  return server.api.as(second.body.access_token);
}

/** Sets up the second factor of a signed-in user: answers the secret and the recovery codes. */
async function enrol(api: ApiClient) {
  const started = await api.post('/v2/account/mfa/totp');
  expect(started.status).toBe(200);
  const confirmed = await api.post('/v2/account/mfa/totp/confirm', {
    code: totpCode(started.body.secret, step),
  });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret as string, recovery: confirmed.body.recovery_codes };
}

describe('staff', () => {
  it('are sent to enrolment after their password, and signed in once they confirm a code', async () => {
    const first = await password('staff@example.org');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
    const enrolment = server.api.as(first.body.mfa_token);
    // The enrolment token is no access token: only the enrolment endpoints take it.
    expect((await enrolment.get('/v2/auth/account')).status).toBe(401);
    expect((await enrolment.get('/v2/institutes')).status).toBe(401);

    const started = await enrolment.post('/v2/account/mfa/totp');
    expect(started.status).toBe(200);
    const { secret, otpauth_url, qr_svg } = started.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/VialQC:staff%40example\.org\?/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[^>]*>/);

    const wrong = await enrolment.post('/v2/account/mfa/totp/confirm', {
      code: totpCode(secret, step + 5),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toMatch(/not valid/);

    const confirmed = await enrolment.post('/v2/account/mfa/totp/confirm', {
      code: totpCode(secret, step),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ token_type: 'bearer' });
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const me = server.api.as(confirmed.body.access_token);
    expect((await me.get('/v2/auth/account')).body).toMatchObject({
      email: 'staff@example.org',
      mfa_enabled: true,
    });
    expect(
      (await server.api.post('/v2/auth/refresh', { refresh: confirmed.body.refresh_token })).status,
    ).toBe(200);

    // Only the hashes are stored.
    const stored = await server.ctx.db
      .getRepository(RecoveryCode)
      .findBy({ userId: (await me.get('/v2/auth/account')).body.id });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(recoveryCodeHash).sort());

    // The enrolment is done: the token cannot start another.
    expect((await enrolment.post('/v2/account/mfa/totp')).status).toBe(409);
    // From now on the password alone asks for a code.
    at(step + 1);
    const next = await password('staff@example.org');
    expect(next.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect((await secondStep(next.body.mfa_token, totpCode(secret, step))).status).toBe(200);
  });

  it('cannot turn off the second factor they must have', async () => {
    const staff = await signIn('staff@example.org');
    at(step + 1);
    const refused = await deleteWith(staff, '/v2/account/mfa/totp', {
      code: totpCode(await secretOf('staff@example.org'), step),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/required for your account/);
  });
});

describe('a member who sets up a second factor on /account', () => {
  let secret: string;
  let recovery: string[];

  it('enrols while signed in, and is then asked for a code at sign-in', async () => {
    at(step + 10);
    const member = await signIn('member@example.org');
    ({ secret, recovery } = await enrol(member));
    expect((await member.get('/v2/auth/account')).body.mfa_enabled).toBe(true);
    const first = await password('member@example.org');
    expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.body.access_token).toBeUndefined();
  });

  it('accepts each code once: the confirming code and a used one are refused', async () => {
    const { mfa_token } = (await password('member@example.org')).body;
    // The code that confirmed the enrolment was of this step: used.
    const replayed = await secondStep(mfa_token, totpCode(secret, step));
    expect(replayed.status).toBe(400);
    expect(replayed.body.detail).toBe(
      'That code is not valid, or was already used. Enter a new code from your app.',
    );
    at(step + 1);
    const signedIn = await secondStep(mfa_token, totpCode(secret, step));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ token_type: 'bearer' });
    expect((await server.api.as(signedIn.body.access_token).get('/v2/auth/account')).status).toBe(
      200,
    );
    // The same code again, with a fresh password step: refused.
    const again = (await password('member@example.org')).body.mfa_token;
    expect((await secondStep(again, totpCode(secret, step))).status).toBe(400);
  });

  it('takes codes of one step either side of now, not two, and none older than the last', async () => {
    at(step + 10);
    const { mfa_token } = (await password('member@example.org')).body;
    expect((await secondStep(mfa_token, totpCode(secret, step - 2))).status).toBe(400);
    expect((await secondStep(mfa_token, totpCode(secret, step + 2))).status).toBe(400);
    expect((await secondStep(mfa_token, totpCode(secret, step - 1))).status).toBe(200);
    expect((await secondStep(mfa_token, totpCode(secret, step + 1))).status).toBe(200);
    // The phone's clock ran ahead: the current step is now older than the last one accepted.
    expect((await secondStep(mfa_token, totpCode(secret, step))).status).toBe(400);
    // Failures so far: member's count must stay below the throttle's five.
    await server.ctx.throttle.clearAccount(server.ctx.db.manager, 'login', 'member@example.org');
  });

  it('signs in with a recovery code once, typed any way', async () => {
    const { mfa_token } = (await password('member@example.org')).body;
    const typed = recovery[0].toUpperCase().replace(/-/g, ' ');
    expect((await secondStep(mfa_token, typed)).status).toBe(200);
    expect((await secondStep(mfa_token, recovery[0])).status).toBe(400);
    expect((await secondStep(mfa_token, recovery[1])).status).toBe(200);
    await server.ctx.throttle.clearAccount(server.ctx.db.manager, 'login', 'member@example.org');
  });

  it('refuses an access token as mfa_token, and a forged or expired one', async () => {
    const member = await password('member@example.org');
    const access = (await secondStep(member.body.mfa_token, recovery[2])).body.access_token;
    const asMfa = await secondStep(access, totpCode(secret, step + 1));
    expect(asMfa.status).toBe(401);
    expect(asMfa.body.detail).toMatch(/sign in again/);
    expect((await secondStep('not.a.token', '123456')).status).toBe(401);
    // The staff's enrolment token is no sign-in token either.
    const parts = member.body.mfa_token.split('.');
    const tampered = [
      parts[0],
      Buffer.from('{"purpose":"mfa","sub":"1"}').toString('base64url'),
      parts[2],
    ].join('.');
    expect((await secondStep(tampered, '123456')).status).toBe(401);
  });

  it('turns it off with a current code, after which the password suffices', async () => {
    const member = await signIn('member@example.org');
    at(step + 1);
    const wrong = await deleteWith(member, '/v2/account/mfa/totp', { code: '000000' });
    expect(wrong.status).toBe(400);
    const off = await deleteWith(member, '/v2/account/mfa/totp', { code: totpCode(secret, step) });
    expect(off.status).toBe(204);
    expect(
      await server.ctx.db
        .getRepository(RecoveryCode)
        .countBy({ userId: (await member.get('/v2/auth/account')).body.id }),
    ).toBe(0);
    const first = await password('member@example.org');
    expect(first.body).toMatchObject({ token_type: 'bearer' });
    expect((await deleteWith(member, '/v2/account/mfa/totp', { code: '123456' })).status).toBe(409);
  });

  it('turns it off with a recovery code as well', async () => {
    at(step + 10);
    const member = await signIn('member@example.org');
    const { recovery: codes } = await enrol(member);
    expect((await deleteWith(member, '/v2/account/mfa/totp', { code: codes[9] })).status).toBe(204);
    expect((await password('member@example.org')).body.access_token).toEqual(expect.any(String));
  });
});

describe('failed codes', () => {
  it('count toward the sign-in throttle, which then refuses even the right code', async () => {
    at(step + 10);
    const admin = await signIn('admin@example.org');
    const { secret } = await enrol(admin);
    const { mfa_token } = (await password('admin@example.org')).body;
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(mfa_token, String(100000 + i))).status).toBe(400);
    }
    at(step + 1);
    const blocked = await secondStep(mfa_token, totpCode(secret, step));
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed login attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The password step is throttled as well.
    expect((await password('admin@example.org')).status).toBe(429);
    await server.ctx.throttle.clearAccount(server.ctx.db.manager, 'login', 'admin@example.org');
  });
});

describe('staff reset and the organization setting', () => {
  const auditEntriesOf = (userId: number): Promise<{ action: string; actor_email: string }[]> =>
    server.ctx.db.query(
      `SELECT action, actor_email FROM audit_events
        WHERE object_type = 'user' AND object_id = $1 ORDER BY id`,
      [String(userId)],
    );

  it("lets staff (only) reset a user's second factor", async () => {
    at(step + 10);
    const admin = await signIn('admin@example.org'); // enrolled by the throttle test
    const adminId = (await admin.get('/v2/auth/account')).body.id;
    const owner = await signIn('owner@example.org');
    expect((await owner.delete(`/v2/users/${adminId}/mfa`)).status).toBe(403);
    const staff = await signIn('staff@example.org');
    const before = await auditEntriesOf(adminId);
    expect((await staff.delete(`/v2/users/${adminId}/mfa`)).status).toBe(204);
    expect((await staff.get(`/v2/users/${adminId}`)).body.mfa_enabled).toBe(false);
    // One entry in the audit trail says what staff did, not a second for the cleared columns.
    expect((await auditEntriesOf(adminId)).slice(before.length)).toEqual([
      { action: 'second_factor_reset', actor_email: 'staff@example.org' },
    ]);
    expect((await staff.delete('/v2/users/999999/mfa')).status).toBe(404);
    expect((await password('admin@example.org')).body.access_token).toEqual(expect.any(String));
  });

  it("sends an organization's users to enrolment once its owner requires a second factor", async () => {
    at(step + 10);
    const { hospital } = await server.demoInstitutes();
    const owner = await signIn('owner@example.org');
    const admin = await signIn('admin@example.org');
    expect((await admin.patch(`/v2/institutes/${hospital}`, { mfa_required: true })).status).toBe(
      403,
    );
    const set = await owner.patch(`/v2/institutes/${hospital}`, { mfa_required: true });
    expect(set.status).toBe(200);
    expect(set.body.mfa_required).toBe(true);
    try {
      const first = await password('member@example.org');
      expect(first.body).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
      // Enrolling during sign-in answers the session's tokens with the recovery codes.
      const enrolment = server.api.as(first.body.mfa_token);
      const { secret } = (await enrolment.post('/v2/account/mfa/totp')).body;
      const done = await enrolment.post('/v2/account/mfa/totp/confirm', {
        code: totpCode(secret, step),
      });
      expect(done.body).toMatchObject({ recovery_codes: expect.any(Array), token_type: 'bearer' });
      const member = server.api.as(done.body.access_token);
      at(step + 1);
      // Required: it cannot be turned off.
      const off = await deleteWith(member, '/v2/account/mfa/totp', {
        code: totpCode(secret, step),
      });
      expect(off.status).toBe(409);
    } finally {
      await owner.patch(`/v2/institutes/${hospital}`, { mfa_required: false });
    }
  });
});
