import { TOKEN_REFUSED } from '../../../shared/api/account-tokens';
import { hashPassword } from '../../auth/passwords';
import { DEMO_PASSWORD } from '../../demo/seed';
import type { Institute } from '../../entities/institute';
import { User } from '../../entities/user';
import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * Issue 39: a personal access token ends with each event that must end it (README, "Access tokens
 * for integrations"): a password change, a password reset, a staff reset of the second factor,
 * deactivation and removal from the token's organization. The revocation is kept (a user
 * reactivated or given the membership back does not get the token back), carries its reason,
 * and is in the audit trail. The end of a single sign-on session: tokens-of-sso-sessions.api.test.ts.
 */
let server: TestServer;
let staff: ApiClient;
let hospital: number;
let courier: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ hospital, courier } = await server.demoInstitutes());
  staff = await server.login('staff@example.org');
}, 120_000);
afterAll(() => server.stop());

const DAY_MS = 86_400_000;

/** A user of their own for each test, a member of the organizations given, signed in. */
async function newUser(name: string, institutes: number[]) {
  const email = `${name}@example.org`;
  const user = await server.ctx.db.getRepository(User).save({
    email,
    firstName: name,
    lastName: 'Tester',
    role: 'member',
    isStaff: false,
    isActive: true,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    defaultInstituteId: institutes[0],
    institutes: institutes.map((id) => ({ id }) as Institute),
  });
  return { id: user.id, email, session: await server.login(email) };
}

/** A new read token of the session's user for `institute`: its id and a client sending it. */
async function tokenOf(session: ApiClient, institute = hospital) {
  const res = await session.post('/v2/account/tokens', {
    name: 'LIMS export',
    scope: 'read',
    institute,
    expires_at: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, client: session.as(res.body.token) };
}

/** Whether the token still reads its organization (200), or is refused as revoked (401). */
async function expectWorks(token: { client: ApiClient }, institute = hospital) {
  expect((await token.client.get(`/v2/institutes/${institute}`)).status).toBe(200);
}
async function expectRefused(token: { client: ApiClient }, institute = hospital) {
  const res = await token.client.get(`/v2/institutes/${institute}`);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ detail: TOKEN_REFUSED });
}

/** The token's revocation as its row and the audit trail keep it. */
async function expectRevokedFor(id: number, reason: string) {
  const [row] = await server.ctx.db.query(
    `SELECT revoked_at AS "revokedAt", revoked_reason AS reason FROM personal_access_tokens
      WHERE id = $1`,
    [id],
  );
  expect(row.revokedAt).toBeInstanceOf(Date);
  expect(row.reason).toBe(reason);
  const entries = await server.ctx.db.query(
    `SELECT action, changes FROM audit_events WHERE object_type = 'access_token' AND object_id = $1
      ORDER BY seq`,
    [String(id)],
  );
  expect(entries.at(-1)).toMatchObject({
    action: 'updated',
    changes: { revoked_reason: { before: null, after: reason } },
  });
}

it('ends with a password change, the changing session’s own tokens included', async () => {
  const user = await newUser('changer', [hospital]);
  const token = await tokenOf(user.session);
  await expectWorks(token);
  const changed = await user.session.post('/v2/auth/account', {
    first_name: 'Changer',
    last_name: 'Tester',
    current_password: DEMO_PASSWORD,
    new_password: 'a brand new password',
  });
  expect(changed.status).toBe(200);
  await expectRefused(token);
  await expectRevokedFor(token.id, 'password changed');
  // The session that changed it goes on, and makes tokens that work.
  await expectWorks(await tokenOf(user.session));
});

it('ends with a password reset', async () => {
  const user = await newUser('resetter', [hospital]);
  const token = await tokenOf(user.session);
  await expectWorks(token);
  const asked = await server.api.post('/v2/auth/request-password-reset', { email: user.email });
  expect(asked.status).toBe(204);
  const link = server.mail.linkTo(user.email).split('/').pop()!;
  const reset = await server.api.post('/v2/auth/reset-password', {
    token: link,
    new_password: 'a reset password',
  });
  expect(reset.status).toBe(204);
  await expectRefused(token);
  await expectRevokedFor(token.id, 'password reset');
});

it('ends with a staff reset of the second factor', async () => {
  const user = await newUser('phoneless', [hospital]);
  const token = await tokenOf(user.session);
  await expectWorks(token);
  expect((await staff.delete(`/v2/users/${user.id}/mfa`)).status).toBe(204);
  await expectRefused(token);
  await expectRevokedFor(token.id, 'second factor reset');
});

it('ends with deactivation, and stays ended when the user is active again', async () => {
  const user = await newUser('leaver', [hospital]);
  const token = await tokenOf(user.session);
  await expectWorks(token);
  expect((await staff.patch(`/v2/users/${user.id}`, { is_active: false })).status).toBe(200);
  await expectRefused(token);
  await expectRevokedFor(token.id, 'account deactivated');
  expect((await staff.patch(`/v2/users/${user.id}`, { is_active: true })).status).toBe(200);
  await expectRefused(token);
});

it('ends with removal from its organization; tokens of the others go on', async () => {
  const user = await newUser('mover', [hospital, courier]);
  const ofCourier = await tokenOf(user.session, courier);
  const ofHospital = await tokenOf(user.session, hospital);
  await expectWorks(ofCourier, courier);
  const removed = await staff.delete(`/v2/institutes/${courier}/users/${user.id}`);
  expect(removed.status).toBe(204);
  await expectRefused(ofCourier, courier);
  await expectRevokedFor(ofCourier.id, 'removed from the organization');
  await expectWorks(ofHospital, hospital);
  // Given the membership back, the token stays revoked.
  const back = await staff.patch(`/v2/users/${user.id}`, { institutes: [hospital, courier] });
  expect(back.status).toBe(200);
  await expectRefused(ofCourier, courier);
});

it('ends with removal from its organization on the user’s edit page too', async () => {
  const user = await newUser('edited', [hospital, courier]);
  const ofCourier = await tokenOf(user.session, courier);
  const ofHospital = await tokenOf(user.session, hospital);
  const edited = await staff.patch(`/v2/users/${user.id}`, {
    institutes: [hospital],
    default_institute: hospital,
  });
  expect(edited.status).toBe(200);
  await expectRefused(ofCourier, courier);
  await expectRevokedFor(ofCourier.id, 'removed from the organization');
  await expectWorks(ofHospital, hospital);
});

it('keeps the owner’s own revocation apart, with its reason', async () => {
  const user = await newUser('tidy', [hospital]);
  const token = await tokenOf(user.session);
  expect((await user.session.delete(`/v2/account/tokens/${token.id}`)).status).toBe(204);
  await expectRefused(token);
  await expectRevokedFor(token.id, 'revoked by its owner');
});
