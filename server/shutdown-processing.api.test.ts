import { Client } from 'pg';
import { expected } from '../shared/vial/testing/fixtures';
import { createTestDatabase } from '../testing/database';
import type { ApiClient } from '../testing/http';
import {
  processEnv,
  spawnServer,
  spawnWorker,
  tempDataDir,
  waitFor,
  watchDatabase,
  type Spawned,
  type SpawnedServer,
} from '../testing/processes';
import { registerFixtureVials, uploadFixture } from '../testing/records';

/**
 * SIGTERM to a worker while it processes a record (a real process, as an orchestrator stops
 * one): the job under way finishes within SHUTDOWN_GRACE_SECONDS and the process exits 0; one
 * still running when the grace period ends is handed back to the queue, never committed by the
 * stopping process, and a restarted worker finishes it once. The job is held mid-processing by
 * a row lock the test takes on its record, so nothing here waits on a timer of its own.
 */
jest.setTimeout(300_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
let env: Record<string, string>;
let server: SpawnedServer;
let member: ApiClient;
let hospital: number;
const running: Spawned[] = [];
// One machine: the server stores the runs in DATA_DIR/blobs, where the workers read them.
const dataDir = tempDataDir();

beforeAll(async () => {
  database = await createTestDatabase();
  db = await watchDatabase(database.url);
  env = processEnv(database.url, { DATA_DIR: dataDir, JOB_MAINTENANCE_SECONDS: '1' });
  server = await spawnServer({ ...env, DEMO: 'accounts', WORKER: 'false' });
  running.push(server);
  const staff = await server.login('staff@example.org');
  member = await server.login('member@example.org');
  [{ id: hospital }] = await db.rows<{ id: number }>(
    `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
  );
  await registerFixtureVials(staff, hospital);
});
afterAll(async () => {
  for (const p of running) await p.kill('SIGKILL');
  await db?.close();
  await database?.drop();
});

/** Uploads a fixture run (no worker runs yet): its record's id. */
async function upload(name: keyof typeof expected.records): Promise<number> {
  const want = expected.records[name];
  const res = await uploadFixture(member, hospital, want.file, want.vial_uuid);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A transaction of the test's own holding the record's row: processing it waits there. */
async function holdRecord(id: number) {
  const holder = new Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT 1 FROM records WHERE id = $1 FOR UPDATE', [id]);
  return {
    release: async () => {
      await holder.query('ROLLBACK');
      await holder.end();
    },
  };
}

const jobOf = async (record: number) => (await db.jobs()).find((j) => j.record === record);
const recordOf = async (id: number) => (await db.records()).find((r) => r.id === id)!;

/** Whether some other session of the test database waits for a lock (the held record). */
const someoneWaits = async () =>
  (
    await db.rows(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
  ).length > 0;

/** A worker whose job for `record` is under way and waiting on the test's lock. */
async function workerMidJob(record: number, graceSeconds: number): Promise<Spawned> {
  const worker = await spawnWorker({ ...env, SHUTDOWN_GRACE_SECONDS: String(graceSeconds) });
  running.push(worker);
  await waitFor('the job under way', async () => (await jobOf(record))?.state === 'active');
  await waitFor('processing to wait on the held record', someoneWaits);
  return worker;
}

/** Sends SIGTERM and waits until the worker has begun shutting down. */
async function terminate(worker: Spawned) {
  worker.child.kill('SIGTERM');
  await waitFor('the worker to begin its shutdown', async () =>
    /SIGTERM: finishing the jobs under way/.test(worker.output()),
  );
}

it('finishes the job under way within the grace period, then exits 0', async () => {
  const id = await upload('pts-typical');
  const hold = await holdRecord(id);
  const worker = await workerMidJob(id, 600);

  await terminate(worker);
  // Still waiting for its job: the process has not exited.
  expect(worker.child.exitCode).toBeNull();
  await hold.release();

  expect(await worker.exited).toBe(0);
  expect(await jobOf(id)).toMatchObject({ state: 'completed', retry_count: 0 });
  const record = await recordOf(id);
  expect(record).toMatchObject({ is_processed: true, processing_error: null });
  expect(record.auc / expected.records['pts-typical'].auc).toBeCloseTo(1, 9);
});

it('hands a job still running when the grace period ends back to the queue; a restart finishes it once', async () => {
  const id = await upload('pts-smooth');
  const hold = await holdRecord(id);
  const worker = await workerMidJob(id, 1);

  await terminate(worker);
  await waitFor('the job handed back', async () => (await jobOf(id))?.state === 'retry');
  expect(await worker.exited).toBe(0);
  expect(worker.output()).toMatch(/Handed 1 job\(s\) still under way back to the queue/);
  // The stopped process's transaction can no longer commit: released, it ends, rolled back.
  await hold.release();
  await waitFor('the stopped worker’s session to end', async () => !(await someoneWaits()));
  await waitFor(
    'the stopped worker’s sessions to close',
    async () =>
      (
        await db.rows(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
              AND query LIKE '%record_series%'`,
        )
      ).length === 0,
  );
  expect(await recordOf(id)).toMatchObject({ is_processed: false, processing_error: null });

  const restarted = await spawnWorker(env);
  running.push(restarted);
  await waitFor('the retried job to finish', async () => (await jobOf(id))?.state === 'completed');
  expect(await jobOf(id)).toMatchObject({ retry_count: 1 });
  const record = await recordOf(id);
  expect(record).toMatchObject({ is_processed: true, processing_error: null });
  expect(record.auc / expected.records['pts-smooth'].auc).toBeCloseTo(1, 9);
  const [{ count, kinds }] = await db.rows<{ count: number; kinds: number }>(
    `SELECT count(*)::int AS count, count(DISTINCT kind)::int AS kinds
       FROM record_series WHERE record_id = $1`,
    [id],
  );
  expect(count).toBe(kinds);
  await restarted.kill('SIGTERM');
  expect(await restarted.exited).toBe(0);
});
