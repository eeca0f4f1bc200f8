import { DEMO_PASSWORD } from '../demo/seed';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('takes the token as the token endpoint names its type, in any case (RFC 9110 §11.1)', async () => {
  const login = await server.api.form('/v2/auth/token', {
    username: 'member@example.org',
    password: DEMO_PASSWORD,
  });
  const { token_type: type, access_token: token } = login.body as Record<string, string>;
  expect(type).toBe('bearer');
  const account = (authorization: string) =>
    server.api.request('GET', '/v2/auth/account', { headers: { authorization } });
  for (const scheme of [type, 'Bearer', 'BEARER']) {
    expect((await account(`${scheme} ${token}`)).status).toBe(200);
  }
  expect((await account(`Basic ${token}`)).status).toBe(401);
  expect((await account(`Bearer${token}`)).status).toBe(401);
  expect((await account('bearer ')).status).toBe(401);
});
