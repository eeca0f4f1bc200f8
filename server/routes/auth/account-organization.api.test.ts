import type { ApiClient } from '../../../testing/http';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let provider: number, hospital: number, courier: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ provider, hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

const lastInstitute = async (client: ApiClient) =>
  (await client.get('/v2/auth/account')).body.last_institute;
const choose = (client: ApiClient, institute: number) =>
  client.put('/v2/auth/account/organization', { institute });

it('remembers the organization staff chose for their next sign-in, in another session', async () => {
  const browser = await server.login('staff@example.org');
  expect((await browser.get('/v2/auth/account')).body).toMatchObject({
    default_institute: provider,
    last_institute: null,
  });
  const chosen = await choose(browser, hospital);
  expect(chosen.status).toBe(200);
  expect(chosen.body.last_institute).toBe(hospital);

  // Another sign-in (the desktop app, another browser) starts in the same organization.
  const desktop = await server.login('staff@example.org');
  expect(await lastInstitute(desktop)).toBe(hospital);
});

it('refuses an organization the user may not see with 404, and keeps the last one', async () => {
  const member = await server.login('member@example.org');
  expect((await choose(member, hospital)).status).toBe(200);
  const foreign = await choose(member, courier);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual({ detail: expect.any(String) });
  expect((await choose(member, 2147483647)).status).toBe(404);
  expect(await lastInstitute(member)).toBe(hospital);
});

it('falls back to the default organization once the user loses access to the last one', async () => {
  const staff = await server.login('staff@example.org');
  const admin = await server.login('admin@example.org');
  expect((await choose(admin, courier)).body.last_institute).toBe(courier);
  const { id } = (await admin.get('/v2/auth/account')).body;
  const revoked = await staff.patch(`/v2/users/${id}`, {
    institutes: [hospital],
    default_institute: hospital,
  });
  expect(revoked.status).toBe(200);
  expect((await admin.get('/v2/auth/account')).body).toMatchObject({
    default_institute: hospital,
    last_institute: null,
  });
});
