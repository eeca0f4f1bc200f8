import { parseRun } from '../../shared/vial/dat';
import { computeMetrics } from '../../shared/vial/metrics';
import { simulateRun } from '../../shared/vial/simulate';
import { createTestDatabase } from '../../testing/database';
import {
  processEnv,
  spawnServer,
  spawnWorker,
  tempDataDir,
  waitFor,
  watchDatabase,
  type Spawned,
} from '../../testing/processes';
import { registerFixtureVials, runForm } from '../../testing/records';
import { expected } from '../../shared/vial/testing/fixtures';

/**
 * Processing survives crashes: real worker and server processes killed with SIGKILL at the worst
 * moment, then replaced. Every record ends up processed, by exactly one completed job, with the
 * metrics of its file.
 */
const JOB_TIMING = { JOB_EXPIRE_SECONDS: '10', JOB_MAINTENANCE_SECONDS: '1' };
jest.setTimeout(300_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
const running: Spawned[] = [];
let env: Record<string, string>;
let hospital: number;
const uuid = Object.values(expected.records).find((r) => r.vial_serial === 'VV-1007')!.vial_uuid;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await watchDatabase(database.url);
  env = processEnv(database.url, { DATA_DIR: tempDataDir(), ...JOB_TIMING });
});
afterAll(async () => {
  for (const p of running) await p.kill('SIGKILL');
  await db?.close();
  await database?.drop();
});

const track = <T extends Spawned>(p: T) => {
  running.push(p);
  return p;
};

/** One-hour runs at 1 kHz (about 22 MB each): long enough to be caught mid-processing. */
const longRun = (seed: number, vialUuid: string) =>
  Buffer.from(simulateRun({ seed, vialUuid, sampleRate: 1000, transitSeconds: 3600 }));
const aucOf = (bytes: Buffer) => computeMetrics(parseRun(bytes)).auc;

/** Every record processed without error by exactly one job, which completed. */
async function expectProcessedExactlyOnce(expectedAuc: Map<number, number>) {
  const records = await waitFor('every record to be processed', async () => {
    const rows = await db.records();
    return rows.every((r) => r.is_processed || r.processing_error) && rows;
  });
  expect(records.map((r) => [r.id, r.is_processed, r.processing_error])).toEqual(
    [...expectedAuc.keys()].map((id) => [id, true, null]),
  );
  for (const r of records) expect(r.auc / expectedAuc.get(r.id)!).toBeCloseTo(1, 9);
  const jobs = await waitFor('every job to complete', async () => {
    const rows = await db.jobs();
    return rows.every((j) => j.state === 'completed') && rows;
  });
  expect(jobs.map((j) => j.record).sort((a, b) => a - b)).toEqual([...expectedAuc.keys()]);
  return jobs;
}

it('a worker killed mid-job leaves the job to the next worker; every record is processed once', async () => {
  // Runs are simulated before any request: simulating blocks this process for seconds, long
  // enough for a server to close an idle keep-alive connection the client would then write to.
  const runs = [11, 12, 13].map((seed) => longRun(seed, uuid));
  // The API process runs no worker: uploads only queue jobs.
  const api = track(await spawnServer({ ...env, WORKER: 'false', DEMO: 'accounts' }));
  const staff = await api.login('staff@example.org');
  const member = await api.login('member@example.org');
  [{ id: hospital }] = await db.rows<{ id: number }>(
    `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
  );
  await registerFixtureVials(staff, hospital);
  const ids: number[] = [];
  for (const bytes of runs) {
    const res = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(bytes, uuid),
    );
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  const expectedAuc = new Map(ids.map((id, i) => [id, aucOf(runs[i])]));

  // Kill workers with SIGKILL while they hold a job, until one dies holding it (the first
  // almost always does; a kill landing between two jobs just tries again with the next).
  let orphan: { id: string; record: number } | undefined;
  for (let attempt = 0; attempt < 5 && !orphan; attempt++) {
    const worker = track(await spawnWorker(env));
    const active = await waitFor('a job to be active', async () => {
      const jobs = await db.jobs();
      if (jobs.every((j) => j.state === 'completed')) return 'all done';
      return jobs.find((j) => j.state === 'active');
    });
    await worker.kill('SIGKILL');
    if (active === 'all done') break;
    [orphan] = (await db.jobs()).filter((j) => j.state === 'active');
  }
  expect(orphan).toBeDefined();
  expect((await db.records()).find((r) => r.id === orphan!.record)!.is_processed).toBe(false);

  // Another worker starts; the dead worker's job expires and is retried.
  track(await spawnWorker(env));
  const jobs = await expectProcessedExactlyOnce(expectedAuc);
  const retried = jobs.find((j) => j.id === orphan!.id)!;
  expect(retried.retry_count).toBeGreaterThanOrEqual(1);
});

it('a server killed right after answering 201 to an upload processes the record after restart', async () => {
  for (const p of running.splice(0)) await p.kill('SIGKILL');
  const before = new Map((await db.records()).map((r) => [r.id, r.auc]));
  // The server runs its own worker this time: the job may be queued or already held when it dies.
  const bytes = longRun(21, uuid);
  const first = track(await spawnServer({ ...env, WORKER: 'true' }));
  const member = await first.login('member@example.org');
  const res = await member.multipart(
    `/v2/institutes/${hospital}/record-upload`,
    runForm(bytes, uuid),
  );
  expect(res.status).toBe(201);
  await first.kill('SIGKILL');

  track(await spawnServer({ ...env, WORKER: 'true' }));
  await expectProcessedExactlyOnce(new Map([...before, [res.body.id, aucOf(bytes)]]));
});
