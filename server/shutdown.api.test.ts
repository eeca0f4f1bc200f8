import http from 'node:http';
import { expected, readFixture } from '../shared/vial/testing/fixtures';
import { registerFixtureVials, runForm } from '../testing/records';
import { startTestServer, type TestServer } from '../testing/test-server';

/** A request whose body is sent in two halves, the second when the test says so. */
function twoPartRequest(url: string, headers: Record<string, string>, body: Buffer) {
  const req = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const firstHalfSent = new Promise<void>((resolve) =>
    req.write(body.subarray(0, half), () => resolve()),
  );
  return {
    firstHalfSent,
    finish: () => req.end(body.subarray(half)),
    answer,
  };
}

/** Whether a new connection to the server is accepted. */
const accepts = (url: string) =>
  new Promise<boolean>((resolve) => {
    http
      .get(`${url}/v2/health`, (res) => {
        res.resume();
        resolve(true);
      })
      .on('error', () => resolve(false));
  });

describe('/v2/ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers each check while the process can serve, and 503 naming the queue once it stops', async () => {
    const ready = await server.api.get('/v2/ready');
    expect([ready.status, ready.body]).toEqual([
      200,
      {
        status: 'ready',
        checks: { database: true, migrations: true, blob_store: true, queue: true },
      },
    ]);
    server.ctx.queue.beginShutdown();
    const stopping = await server.api.get('/v2/ready');
    expect([stopping.status, stopping.body]).toEqual([503, { detail: 'Not ready: queue.' }]);
  });
});

it('lets an upload under way finish on SIGTERM while refusing new connections, then stops', async () => {
  const server = await startTestServer();
  const staff = await server.login('staff@example.org');
  const member = await server.login('member@example.org');
  const { hospital } = await server.demoInstitutes();
  await registerFixtureVials(staff, hospital);
  const run = Object.values(expected.records)[0];
  const form = new Request('http://form', {
    method: 'POST',
    body: runForm(readFixture(run.file), run.vial_uuid),
  });
  const upload = twoPartRequest(
    `${server.url}/v2/institutes/${hospital}/record-upload`,
    {
      Authorization: `Bearer ${member.token}`,
      'Content-Type': form.headers.get('content-type')!,
    },
    Buffer.from(await form.arrayBuffer()),
  );
  await upload.firstHalfSent;

  const stopped = server.stop(); // what main.ts does on SIGTERM
  expect(await accepts(server.url)).toBe(false);
  upload.finish();
  const answer = await upload.answer;
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toMatchObject({ duplicate: false });
  await stopped;
});
