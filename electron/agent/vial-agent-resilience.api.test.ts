import { renameSync } from 'node:fs';
import { registerFixtureVials } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { startAgent, waitFor } from './testing/agent';
import { copyFixtureDrive, removeDrives, runFilesOn, runHashes } from './testing/drives';
import { TcpProxy } from './testing/tcp-proxy';
import type { VialAgent } from './vial-agent';

let server: TestServer;
let hospital: number;
const agents: VialAgent[] = [];
const proxies: TcpProxy[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const staff = await server.login('staff@example.org');
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop()));
  await Promise.all(proxies.splice(0).map((p) => p.stop()));
  removeDrives();
  await server.ctx.db.query('DELETE FROM records');
});
afterAll(() => server.stop());

async function behindProxy(drive: string, options: ConstructorParameters<typeof TcpProxy>[1]) {
  const proxy = new TcpProxy(new URL(server.url), options);
  proxies.push(proxy);
  const agent = await startAgent(server, [drive], { url: await proxy.start() });
  agents.push(agent);
  return { agent, proxy };
}

const storedHashes = async () =>
  new Set(
    ((await server.ctx.db.query('SELECT sha256 FROM records')) as { sha256: string }[]).map(
      (r) => r.sha256,
    ),
  );

it('resumes an upload whose connection was cut, and loses nothing', async () => {
  const drive = copyFixtureDrive('drive-1');
  const hashes = [...runHashes(drive).values()];
  const { agent, proxy } = await behindProxy(drive, { cutAfterBytes: 300_000 });
  const result = await agent.upload(agent.list()[0].id, hospital);
  expect(proxy.cuts).toBe(1);
  expect(result.uploaded).toHaveLength(6);
  expect(result.remaining).toEqual([]);
  expect(agent.list()[0]).toMatchObject({ status: 'complete', messages: [] });
  const stored = await storedHashes();
  for (const sha of hashes) expect(stored.has(sha)).toBe(true);
  expect(runFilesOn(drive)).toEqual([]);
});

it('a vial unplugged during an upload loses nothing, and uploads the rest when plugged back', async () => {
  const drive = copyFixtureDrive('drive-2');
  const away = `${drive}.unplugged`;
  const hashes = [...runHashes(drive).values()];
  const { agent } = await behindProxy(drive, { bytesPerSecond: 3_000_000 });
  const round = agent.upload(agent.list()[0].id, hospital);
  await waitFor(() => (agent.list()[0]?.progress?.uploadedBytes ?? 0) > 1_500_000);
  renameSync(drive, away);
  const interrupted = await round;
  await waitFor(() => agent.list().length === 0);
  expect(interrupted.uploaded.length).toBeLessThan(6);

  // Every run is on the server or still on the vial.
  const stored = await storedHashes();
  const onVial = new Set(runHashes(away).values());
  for (const sha of hashes) expect(stored.has(sha) || onVial.has(sha)).toBe(true);
  expect(onVial.size).toBeGreaterThan(0);

  renameSync(away, drive);
  await waitFor(() => agent.list().length === 1 && agent.list()[0].registered === true);
  expect(agent.list()[0].status).toBe('ready');
  const resumed = await agent.upload(agent.list()[0].id, hospital);
  expect(resumed.remaining).toEqual([]);
  const storedAfter = await storedHashes();
  for (const sha of hashes) expect(storedAfter.has(sha)).toBe(true);
  // Only runs the server confirmed holding may still be there (kept as already backed up).
  expect(runFilesOn(drive).map((f) => `DATA/${f}`)).toEqual(resumed.duplicates);
});
