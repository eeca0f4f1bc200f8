import fs from 'node:fs';
import path from 'node:path';
import { expected } from '../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { ApiClient } from '../../testing/http';
import { startWorker } from '../boot';
import { TransitRecord } from '../entities/record';
import { processRecord } from './process-record';

let server: TestServer;
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  // No worker at first: the test plays the crash, then starts one as a restarted process would.
  server = await startTestServer({ worker: false, jobExpireSeconds: 2, jobMaintenanceSeconds: 1 });
  const staff = await server.login('staff@example.org');
  member = await server.login('member@example.org');
  ({ hospital } = await server.demoInstitutes());
  await registerFixtureVials(staff, hospital);
});
afterAll(() => server.stop());

const upload = async (name: keyof typeof expected.records) => {
  const want = expected.records[name];
  return (await uploadFixture(member, hospital, want.file, want.vial_uuid)).body.id as number;
};

it('finishes a record whose worker died mid-job once the job expires', async () => {
  const id = await upload('pts-typical');
  // A worker claims the job and dies: the job stays active and nobody completes it.
  expect(await server.ctx.queue.claimAndAbandon()).toBe(id);
  expect((await member.get(`/v2/records/${id}`)).body.is_processed).toBe(false);

  await startWorker(server.ctx);
  const record = await waitProcessed(member, id, 30_000);
  expect(record.metrics.auc / expected.records['pts-typical'].auc).toBeCloseTo(1, 9);
});

it('queues records a crash left without a job when a worker starts', async () => {
  const id = await upload('pts-smooth');
  // The crash came between storing the record and queueing it.
  await server.ctx.db.query(`DELETE FROM pgboss.job WHERE data->>'recordId' = $1`, [String(id)]);
  await startWorker(server.ctx);
  expect((await waitProcessed(member, id)).is_processed).toBe(true);
});

it('gives the same row when a record is processed twice', async () => {
  const id = await upload('frozen');
  await waitProcessed(member, id);
  const repo = server.ctx.db.getRepository(TransitRecord);
  const first = await repo.findOneByOrFail({ id });
  await processRecord(server.ctx, id);
  const second = await repo.findOneByOrFail({ id });
  expect(second).toEqual(first);
  expect(await repo.countBy({ sha256: first.sha256 })).toBe(1);
});

it('marks a record whose stored file is damaged with the reason instead of leaving it waiting', async () => {
  const id = await upload('refrigerated');
  await waitProcessed(member, id);
  const { sha256 } = await server.ctx.db.getRepository(TransitRecord).findOneByOrFail({ id });
  const blob = path.join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  const bytes = fs.readFileSync(blob);
  bytes[bytes.length - 1] ^= 0xff;
  fs.writeFileSync(blob, bytes);
  await server.ctx.db.getRepository(TransitRecord).update(id, { isProcessed: false });
  server.ctx.runs.clear();
  await processRecord(server.ctx, id);
  const record = (await member.get(`/v2/records/${id}`)).body;
  expect(record.is_processed).toBe(false);
  expect(record.processing_error).toBe('Processing failed: CRC mismatch: the file is damaged');
});

it('processes as many records at once as the worker has threads', async () => {
  // A second server over its own database, with a worker of two and nothing processed yet.
  const twoAtOnce = await startTestServer({ worker: false, workerConcurrency: 2 });
  try {
    const staff = await twoAtOnce.login('staff@example.org');
    const uploader = await twoAtOnce.login('member@example.org');
    const { hospital: institute } = await twoAtOnce.demoInstitutes();
    await registerFixtureVials(staff, institute);
    const ids: number[] = [];
    for (const name of ['pts-typical', 'pts-smooth'] as const) {
      const want = expected.records[name];
      ids.push((await uploadFixture(uploader, institute, want.file, want.vial_uuid)).body.id);
    }

    // Each measurement waits at a gate until both are under way, then until the test has looked.
    const pool = twoAtOnce.ctx.metricsPool;
    const measure = pool.measure.bind(pool);
    let bothStarted!: () => void;
    const started = new Promise<void>((resolve) => (bothStarted = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let measuring = 0;
    jest.spyOn(pool, 'measure').mockImplementation(async (pieces) => {
      const measured = measure(pieces);
      if (++measuring === 2) bothStarted();
      await gate;
      return measured;
    });

    await startWorker(twoAtOnce.ctx);
    await started;
    const active = await twoAtOnce.ctx.db.query(
      `SELECT (data->>'recordId')::int AS id FROM pgboss.job
        WHERE name = 'process-record' AND state = 'active' ORDER BY 1`,
    );
    expect(active.map((job: { id: number }) => job.id)).toEqual(ids);
    letGo();
    for (const id of ids) expect((await waitProcessed(uploader, id)).is_processed).toBe(true);
  } finally {
    await twoAtOnce.stop();
  }
});
