import { startTestServer, type TestServer } from '../../testing/test-server';

/** An undeclared method on a known path is a 405 naming the methods there; OPTIONS lists them. */
let server: TestServer;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ hospital } = await server.demoInstitutes());
});
afterAll(() => server.stop());

it('answers an undeclared method on a known path with 405 and Allow', async () => {
  const member = await server.login('member@example.org');
  const res = await member.request('PUT', '/v2/auth/account');
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  expect(res.body).toEqual({ detail: 'Method not allowed.' });
  // Anonymous callers learn the same: the path and its methods are in the public document.
  expect((await server.api.request('DELETE', '/v2/health')).status).toBe(405);
});

it('keeps a literal path apart from a parameter in the same place', async () => {
  const staff = await server.login('staff@example.org');
  const invite = `/v2/institutes/${hospital}/users/invite`;
  const options = await staff.request('OPTIONS', invite);
  expect(options.status).toBe(204);
  expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  const res = await staff.request('DELETE', invite);
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('POST, OPTIONS');
});

it('answers declared methods (HEAD with GET) and keeps 404 for unknown paths', async () => {
  const member = await server.login('member@example.org');
  expect((await member.request('HEAD', '/v2/auth/account')).status).toBe(200);
  const unknown = await member.request('PUT', '/v2/no-such-thing');
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ detail: 'No such endpoint.' });
  expect((await member.request('GET', `/v2/institutes/${hospital}/nothing/here`)).status).toBe(404);
});
