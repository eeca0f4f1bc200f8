import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server/boot';
import { loadConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { simulateRun } from '../shared/vial/simulate';
import { ApiClient } from '../testing/http';

/** A server with the demo accounts, signed in as staff and member. */
export interface DemoSession {
  staff: ApiClient;
  member: ApiClient;
  /** The demo hospital's id. */
  hospital: number;
}

/** What a bench works against: a real server on its own PostgreSQL, signed in. */
export interface BenchServer extends DemoSession {
  /** The bench's own folder (data, database), removed by `stop`. */
  dir: string;
  server: RunningServer;
  stop: () => Promise<void>;
}

/**
 * With METRICS_TOKEN set, every server the bench starts serves `/metrics` behind it and says where,
 * so an operator can watch the figures move while the bench loads it (README, "Operating VialQC").
 */
export const metricsEnv = (): Record<string, string> =>
  process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {};

/** Prints the curl that scrapes a bench server's `/metrics`, when METRICS_TOKEN is set. */
export function announceMetrics(url: string): void {
  if (process.env.METRICS_TOKEN)
    console.log(`  metrics: curl -H "Authorization: Bearer $METRICS_TOKEN" ${url}/metrics`);
}

/** Signs in to a server with the demo accounts (an in-process one or a spawned one). */
export async function signInDemo(url: string): Promise<DemoSession> {
  const api = new ApiClient(url);
  const signIn = async (email: string) =>
    api.as(
      (await api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD })).body
        .access_token as string,
    );
  const staff = await signIn('staff@example.org');
  const member = await signIn('member@example.org');
  const hospital = (await staff.get('/v2/institutes?search_string=Northfield')).body.items[0]
    .id as number;
  return { staff, member, hospital };
}

/**
 * Starts a server with the demo accounts on a fresh embedded PostgreSQL in a new temporary
 * folder, with `env` over the defaults. The renderer it serves is `rendererDir(dir)`, or none.
 */
export async function startBenchServer(
  name: string,
  {
    rendererDir = (dir: string) => path.join(dir, 'none'),
    env = {} as Record<string, string>,
  } = {},
): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vialqc-bench-${name}-`));
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const quiet = { info: () => undefined, error: console.error };
  const server = await startServer(
    {
      ...loadConfig({
        DATA_DIR: dir,
        DATABASE_URL: cluster.url(),
        DEMO: 'accounts',
        PORT: '0',
        // The demo staff account signs in with its password alone.
        MFA_REQUIRED_FOR_STAFF: 'false',
        ...metricsEnv(),
        ...env,
      }),
      rendererDir: rendererDir(dir),
    },
    quiet,
  );
  announceMetrics(server.url);
  return {
    dir,
    server,
    ...(await signInDemo(server.url)),
    stop: async () => {
      await server.stop();
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Registers a vial of the bench to the demo hospital, so its runs can be uploaded. */
export async function registerBenchVial(session: DemoSession, label: string, uuid: string) {
  const vial = await session.staff.post('/v2/vials', {
    label,
    uuid,
    version: 'VV2',
    institute: session.hospital,
  });
  if (vial.status !== 201) throw new Error(`Could not register ${label}: ${vial.status}`);
}

/** A one-hour 1 kHz run (21.6 MB): 30 s idle, then 59 minutes of transit. */
export const oneHourRun = (seed: number, vialUuid?: string) =>
  simulateRun({ sampleRate: 1000, idleSeconds: 30, transitSeconds: 3540, seed, vialUuid });
