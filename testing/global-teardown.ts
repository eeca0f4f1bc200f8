import fs from 'node:fs';
import type { EmbeddedCluster } from '../server/db/embedded-postgres';

/** Stops what the global setup started; runs once per project that named it, stops it once. */
export default async function globalTeardown(): Promise<void> {
  const globals = globalThis as Record<string, unknown>;
  const started = globals.__vialqcTestCluster as
    { cluster: EmbeddedCluster; dir: string } | undefined;
  if (!started) return;
  delete globals.__vialqcTestCluster;
  await started.cluster.stop();
  fs.rmSync(started.dir, { recursive: true, force: true });
}
