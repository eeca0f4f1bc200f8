import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expected } from '../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../testing/records';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  server = await startTestServer({ worker: false });
});
afterAll(async () => {
  worker?.kill('SIGTERM');
  await server.stop();
});

it('`npm run worker` processes what the server queued, as a process of its own', async () => {
  const staff = await server.login('staff@example.org');
  const member = await server.login('member@example.org');
  const { hospital } = await server.demoInstitutes();
  await registerFixtureVials(staff, hospital);
  const want = expected.records['courier-route'];
  const { id } = (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body;
  expect((await member.get(`/v2/records/${id}`)).body.is_processed).toBe(false);

  const root = path.resolve(__dirname, '..');
  worker = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: server.ctx.config.databaseUrl,
      DATA_DIR: server.dataDir,
      JWT_SECRET: 'unused-by-workers',
    },
    stdio: 'ignore',
  });
  const record = await waitProcessed(member, id, 45_000);
  expect(record.metrics.auc / want.auc).toBeCloseTo(1, 9);
});
