import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server/boot';
import { loadConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { simulateRun } from '../shared/vial/simulate';
import { ApiClient } from '../testing/http';

/** What a bench works against: a real server on its own PostgreSQL, signed in as staff and member. */
export interface BenchServer {
  /** The bench's own folder (data, database), removed by `stop`. */
  dir: string;
  server: RunningServer;
  staff: ApiClient;
  member: ApiClient;
  /** The demo hospital's id. */
  hospital: number;
  stop: () => Promise<void>;
}

/**
 * Starts a server with the demo accounts on a fresh embedded PostgreSQL in a new temporary
 * folder. The renderer it serves is `rendererDir(dir)`, or none.
 */
export async function startBenchServer(
  name: string,
  { rendererDir = (dir: string) => path.join(dir, 'none') } = {},
): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vialqc-bench-${name}-`));
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const quiet = { info: () => undefined, error: console.error };
  const server = await startServer(
    {
      ...loadConfig({ DATA_DIR: dir, DATABASE_URL: cluster.url(), DEMO: 'accounts', PORT: '0' }),
      rendererDir: rendererDir(dir),
    },
    quiet,
  );
  const api = new ApiClient(server.url);
  const signIn = async (email: string) =>
    api.as(
      (await api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD })).body
        .access_token as string,
    );
  const staff = await signIn('staff@example.org');
  const member = await signIn('member@example.org');
  const hospital = (await staff.get('/v2/institutes?search_string=Northfield')).body.items[0].id;
  return {
    dir,
    server,
    staff,
    member,
    hospital,
    stop: async () => {
      await server.stop();
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Registers a vial of the bench to the demo hospital, so its runs can be uploaded. */
export async function registerBenchVial(bench: BenchServer, label: string, uuid: string) {
  await bench.staff.post('/v2/vials', { label, uuid, version: 'VV2', institute: bench.hospital });
}

/** A one-hour 1 kHz run (21.6 MB): 30 s idle, then 59 minutes of transit. */
export const oneHourRun = (seed: number, vialUuid?: string) =>
  simulateRun({ sampleRate: 1000, idleSeconds: 30, transitSeconds: 3540, seed, vialUuid });
