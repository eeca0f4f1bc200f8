import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { ApiClient } from './http';

const ROOT = path.resolve(__dirname, '..');

/** A server or worker running as a real process (server/main.ts, server/worker.ts under tsx). */
export interface Spawned {
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  /** Sends the signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnedServer extends Spawned {
  url: string;
  api: ApiClient;
  login(email: string): Promise<ApiClient>;
}

/** The environment every spawned process of one test shares: database, secret, job timing. */
export function processEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(24).toString('hex'),
    DEMO: 'off',
    // The demo staff account signs in with its password alone (no second factor to enrol).
    MFA_REQUIRED_FOR_STAFF: 'false',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  };
}

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-proc-'));

function start(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  nodeFlags: string[] = [],
): Promise<Spawned> {
  // Node itself with tsx as a loader: one process, so SIGKILL kills the server, not a wrapper that
  // would leave it running (the tsx command runs the script in a child process).
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // 'close' rather than 'exit': by then the process's output is read to its end.
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal)),
  );
  const spawned: Spawned = {
    child,
    exited,
    output: () => output,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(spawned);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`)),
    );
  });
}

/**
 * The node flags of `npm start` (package.json): a spawned server's memory behaves as production's
 * (a young generation of 2 × 8 MB, full collections asked for by the server).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc'];

/** `tsx server/main.ts` on a free port, with `npm start`'s node flags; resolves once it listens. */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const port = env.PORT ?? String(await freePort());
  const spawned = await start(
    'server/main.ts',
    { ...env, PORT: port },
    /VialQC is running at/,
    SERVER_NODE_FLAGS,
  );
  const url = `http://127.0.0.1:${port}`;
  const api = new ApiClient(url);
  return {
    ...spawned,
    url,
    api,
    async login(email) {
      const res = await api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`Login of ${email} failed: ${res.status}`);
      return api.as(res.body.access_token);
    },
  };
}

/** `tsx server/worker.ts`; resolves once it takes jobs. */
export function spawnWorker(env: Record<string, string>): Promise<Spawned> {
  return start('server/worker.ts', env, /Worker is processing records/);
}

/**
 * `tsx testing/record-worker-main.ts`: a worker that processes records but takes no notification
 * jobs (their e-mails wait in the queue for another process); resolves once it takes jobs.
 */
export function spawnRecordWorker(env: Record<string, string>): Promise<Spawned> {
  return start('testing/record-worker-main.ts', env, /Record worker is processing records/);
}

/** `npm run feed` (server/lab-feed-bridge/main.ts) with `env`; resolves once it listens, with its port. */
export async function spawnBridge(
  env: Record<string, string>,
): Promise<Spawned & { port: number }> {
  const spawned = await start('server/lab-feed-bridge/main.ts', env, /bridge listening on .*\n/);
  const port = Number(/listening on .*:(\d+) for/.exec(spawned.output())![1]);
  return { ...spawned, port };
}

/** A direct connection to the test database, to watch the records and the job queue. */
export async function watchDatabase(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await client.query(sql, params)).rows as T[];
  return {
    rows,
    /** The processing jobs, one row per job: its record, state and retries. */
    jobs: () =>
      rows<{ id: string; record: number; state: string; retry_count: number }>(
        `SELECT id, (data->>'recordId')::int AS record, state, retry_count
           FROM pgboss.job WHERE name = 'process-record' ORDER BY created_on`,
      ),
    records: () =>
      rows<{ id: number; is_processed: boolean; processing_error: string | null; auc: number }>(
        'SELECT id, is_processed, processing_error, auc FROM records ORDER BY id',
      ),
    close: () => client.end(),
  };
}

/** Polls a condition of the processes' shared state until it holds. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 120_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
