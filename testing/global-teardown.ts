import fs from 'node:fs';
import type { EmbeddedCluster } from '../server/db/embedded-postgres';
import { checkSuiteLogs } from './suite-logs';

/**
 * Stops what the global setup started, then checks the logs of the run's servers (a leak fails
 * the run). Jest runs it once per project that named it, after every test of every project: the
 * first call does both, the second finds nothing left to do.
 */
export default async function globalTeardown(): Promise<void> {
  const globals = globalThis as Record<string, unknown>;
  const started = globals.__vialqcTestCluster as
    { cluster: EmbeddedCluster; dir: string } | undefined;
  if (started) {
    delete globals.__vialqcTestCluster;
    await started.cluster.stop();
    fs.rmSync(started.dir, { recursive: true, force: true });
  }
  checkSuiteLogs();
}
