import fs from 'node:fs';
import type { EmbeddedCluster } from '../server/db/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>).__vialqcTestCluster as
    { cluster: EmbeddedCluster; dir: string } | undefined;
  if (!started) return;
  await started.cluster.stop();
  fs.rmSync(started.dir, { recursive: true, force: true });
}
