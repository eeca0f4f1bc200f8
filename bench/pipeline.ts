import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { startWorker } from '../server/boot';
import type { ApiClient } from '../testing/http';
import { processEnv, spawnServer } from '../testing/processes';
import {
  announceMetrics,
  oneHourRun,
  registerBenchVial,
  signInDemo,
  startBenchServer,
} from './bench-server';
import { percentile, timed, type Figure } from './timing';

const RUNS = 20;
const VIAL_UUID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const ROOT = path.join(__dirname, '..');

/**
 * The same run under another sequence number: another file and record, the same samples (the
 * header is outside the CRC).
 */
function withSequence(bytes: Uint8Array, sequence: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.subarray(0, 64));
  new DataView(copy.buffer).setUint32(56, sequence, true);
  return copy;
}

/** The header of `withSequence` before the shared body: no copy of the 21.6 MB per upload. */
function runBlob(bytes: Uint8Array, body: Blob, sequence: number): FormData {
  const form = new FormData();
  form.append('vial_uuid', VIAL_UUID);
  form.append('file', new Blob([withSequence(bytes, sequence), body]), `RUN${sequence}.DAT`);
  return form;
}

async function upload(member: ApiClient, hospital: number, form: FormData): Promise<number> {
  const res = await member.multipart(`/v2/institutes/${hospital}/record-upload`, form);
  if (res.status !== 201)
    throw new Error(`Upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Wall time of `npm run metrics` on one file, the median of three calls. */
function metricsCliSeconds(file: string): number {
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    execFileSync('npm', ['run', '--silent', 'metrics', '--', file], { cwd: ROOT, stdio: 'ignore' });
    return (performance.now() - start) / 1000;
  });
  return percentile(times, 0.5);
}

/**
 * Twenty one-hour runs waiting in the queue, then a worker started (WORKER_CONCURRENCY at its
 * default, one job per core): the time until all are processed, against the compute bound of 20
 * `npm run metrics` calls spread over the cores.
 */
export async function benchQueueProcessing(): Promise<Figure> {
  const bench = await startBenchServer('queue', { env: { WORKER: 'false' } });
  const { server, member, hospital } = bench;
  const pg = new Client({ connectionString: server.ctx.config.databaseUrl });
  await pg.connect();
  try {
    await registerBenchVial(bench, 'VV-PIPELINE', VIAL_UUID);
    const bytes = oneHourRun(11, VIAL_UUID);
    const body = new Blob([bytes.slice(64)]);
    const ids: number[] = [];
    for (let i = 1; i <= RUNS; i++)
      ids.push(await upload(member, hospital, runBlob(bytes, body, i)));
    const [, ms] = await timed(async () => {
      await startWorker(server.ctx);
      for (;;) {
        const { rows } = await pg.query(
          `SELECT count(*)::int AS done, count(processing_error)::int AS failed FROM records
            WHERE id = ANY($1) AND (is_processed OR processing_error IS NOT NULL)`,
          [ids],
        );
        if (rows[0].failed) throw new Error(`${rows[0].failed} run(s) failed processing`);
        if (rows[0].done === RUNS) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const file = path.join(bench.dir, 'RUN.DAT');
    fs.writeFileSync(file, bytes);
    const cores = os.availableParallelism();
    const oneRun = metricsCliSeconds(file);
    return {
      name: `the same ${RUNS} one-hour runs: queue + processing vs the compute bound`,
      product: ms / 1000,
      baseline: (RUNS * oneRun) / cores,
      baselineName: `${RUNS} × ${oneRun.toFixed(2)} s ÷ ${cores} cores`,
      unit: 's',
      target: 3,
      note: `WORKER_CONCURRENCY ${server.ctx.config.workerConcurrency}`,
    };
  } finally {
    await pg.end();
    await bench.stop();
  }
}

/**
 * The resident memory of a process in MB (Linux): its current size (`VmRSS`), or its peak
 * (`VmHWM`) since it started or since `5` was written to its `/proc/<pid>/clear_refs`.
 */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}

/** Waits until every record of `ids` is processed; a failed one fails the bench. */
async function processed(pg: Client, ids: number[]): Promise<void> {
  for (;;) {
    const { rows } = await pg.query(
      `SELECT count(*) FILTER (WHERE is_processed)::int AS done,
              count(processing_error)::int AS failed FROM records WHERE id = ANY($1)`,
      [ids],
    );
    if (rows[0].failed) throw new Error(`${rows[0].failed} run(s) failed processing`);
    if (rows[0].done === ids.length) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One burst of concurrent uploads and their processing, as a server process lived it. */
interface Burst {
  /** From the first upload sent until the last record processed. */
  seconds: number;
  /** Until the last upload was answered. */
  uploadSeconds: number;
  /** Resident memory before the burst, and its peak during the uploads and their processing. */
  before: number;
  peak: number;
}

/**
 * A server process of its own with its default settings (the worker inside, a thread per core),
 * warmed up by two runs uploaded and processed at once (so its worker threads run); then two
 * one-hour runs uploaded at once and processed, then twenty: how long the twenty took until the
 * last was processed against the compute bound (20 × one run's `npm run metrics` ÷ cores, measured
 * here on the same run), and how far the server's resident memory rose above where it stood
 * during each burst, the uploads and their processing (issue 21: the growth at 20 no more than
 * the growth at 2 + 16 MB). Every upload must become a processed record.
 */
export async function benchConcurrentUploads(dir: string): Promise<Figure[] | null> {
  if (!fs.existsSync('/proc/self/status')) return null;
  const home = path.join(dir, 'uploads');
  const cluster = await startEmbeddedPostgres(path.join(home, 'postgres'));
  const server = await spawnServer(
    processEnv(cluster.url(), { DATA_DIR: path.join(home, 'data'), DEMO: 'accounts' }),
  );
  announceMetrics(server.url); // the spawned server inherits METRICS_TOKEN from this process
  const pg = new Client({ connectionString: cluster.url() });
  await pg.connect();
  try {
    const session = await signInDemo(server.url);
    await registerBenchVial(session, 'VV-PIPELINE', VIAL_UUID);
    const { member, hospital } = session;
    const bytes = oneHourRun(11, VIAL_UUID);
    const body = new Blob([bytes.slice(64)]);
    const pid = server.child.pid!;
    let sequence = 0;
    const burst = async (count: number): Promise<Burst> => {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
      const start = performance.now();
      try {
        const answers = await Promise.allSettled(
          Array.from({ length: count }, () =>
            upload(member, hospital, runBlob(bytes, body, ++sequence)),
          ),
        );
        const uploadSeconds = (performance.now() - start) / 1000;
        const lost = answers.filter((a) => a.status === 'rejected');
        // A lost upload fails the figures whatever the time and memory.
        if (lost.length)
          throw new Error(`${lost.length} of ${count} uploads lost: ${lost[0].reason}`);
        await processed(
          pg,
          answers.map((a) => (a as PromiseFulfilledResult<number>).value),
        );
        return { seconds: (performance.now() - start) / 1000, uploadSeconds, before, peak };
      } finally {
        clearInterval(sampler);
        peak = Math.max(peak, rssMb(pid));
      }
    };
    const cold = rssMb(pid);
    await burst(2); // warm-up: the worker threads start
    const two = await burst(2);
    const twenty = await burst(RUNS);
    const growth = (b: Burst) => b.peak - b.before;

    const file = path.join(dir, 'RUN.DAT');
    fs.writeFileSync(file, bytes);
    const cores = os.availableParallelism();
    const oneRun = metricsCliSeconds(file);
    return [
      {
        name: `${RUNS} concurrent one-hour uploads, then their processing: vs the compute bound`,
        product: twenty.seconds,
        baseline: (RUNS * oneRun) / cores,
        baselineName: `${RUNS} × ${oneRun.toFixed(2)} s ÷ ${cores} cores`,
        unit: 's',
        target: 3,
        note: `from the first upload sent to the last record processed; the uploads answered after ${twenty.uploadSeconds.toFixed(2)} s`,
      },
      {
        name: `${RUNS} concurrent one-hour uploads and their processing: server RSS growth`,
        product: growth(twenty),
        baseline: growth(two) + 16,
        baselineName: `the growth with 2, ${growth(two).toFixed(0)} MB, + 16 MB`,
        unit: 'MB',
        target: 1,
        note: `RSS started ${cold.toFixed(0)} MB; 2 uploads: ${two.before.toFixed(0)} → peak ${two.peak.toFixed(0)} MB; ${RUNS}: ${twenty.before.toFixed(0)} → peak ${twenty.peak.toFixed(0)} MB (last round's budget: ${RUNS} ≤ 48 MB)`,
      },
    ];
  } finally {
    await pg.end();
    await server.kill();
    await cluster.stop();
  }
}
