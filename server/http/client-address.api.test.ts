import type { ApiClient } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * What the audit trail records of a request's origin: the client address by the trusted-proxy
 * rule, and only an IP address; the request id only as a short plain token.
 */
let server: TestServer;
let owner: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login('owner@example.org');
  ({ hospital } = await server.demoInstitutes());
}, 60_000);
afterAll(() => server.stop());

/** Creates a line with the given headers and answers its audit entry's origin. */
async function createLineWith(name: string, headers: Record<string, string>) {
  const res = await owner.request('POST', `/v2/institutes/${hospital}/lines`, {
    body: JSON.stringify({ name }),
    headers: { 'Content-Type': 'application/json', ...headers },
  });
  expect(res.status).toBe(201);
  const [entry] = await server.ctx.db.query(
    `SELECT client_address, request_id FROM audit_events
      WHERE object_type = 'line' AND object_id = $1 AND action = 'created'`,
    [String(res.body.id)],
  );
  return { entry, answeredId: res.headers.get('x-request-id') };
}

it('records a forwarded address only when it is an IP address, else the peer', async () => {
  const forged = await createLineWith('Forged origin', {
    'X-Forwarded-For': `<script>alert(1)</script> ${'x'.repeat(200)}`,
  });
  expect(forged.entry.client_address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

  const proxied = await createLineWith('Proxied origin', { 'X-Forwarded-For': '203.0.113.7' });
  expect(proxied.entry.client_address).toBe('203.0.113.7');
});

it('keeps a given request id only as a short plain token, else makes its own', async () => {
  const plain = await createLineWith('Plain id', { 'X-Request-Id': 'proxy-42.a' });
  expect(plain.entry.request_id).toBe('proxy-42.a');

  for (const [i, given] of ['id with spaces', 'x'.repeat(65), 'a\u00e9b'].entries()) {
    const made = await createLineWith(`Refused id ${i}`, { 'X-Request-Id': given });
    expect(made.entry.request_id).not.toBe(given);
    expect(made.entry.request_id).toBe(made.answeredId);
    expect(made.entry.request_id).toMatch(/^[0-9a-f-]{36}$/);
  }
});
