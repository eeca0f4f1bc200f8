import type { DataSource } from 'typeorm';
import type { RecordQueue } from '../../pipeline/queue';
import type { BlobStore } from '../../storage/blob-store';
import { DomainError } from '../errors';

export interface ReadinessDeps {
  db: DataSource;
  blobs: BlobStore;
  queue: RecordQueue;
}

/** What a load balancer may route to: each check's name and whether it holds. */
export type ReadinessChecks = Record<'database' | 'migrations' | 'blob_store' | 'queue', boolean>;

/** A check that throws does not hold (an unreachable database throws on every one). */
const holds = (check: () => Promise<boolean>) => check().catch(() => false);

export async function readinessChecks({
  db,
  blobs,
  queue,
}: ReadinessDeps): Promise<ReadinessChecks> {
  const [database, migrations, blobStore] = await Promise.all([
    holds(async () => (await db.query('SELECT 1')).length === 1),
    holds(async () => !(await db.showMigrations())),
    holds(async () => {
      // A write into the staging area, never published: what every upload needs to work.
      const staged = blobs.stage();
      try {
        await staged.write(Buffer.from('ready'));
        await staged.finish();
        return true;
      } finally {
        await staged.discard();
      }
    }),
  ]);
  return { database, migrations, blob_store: blobStore, queue: queue.running };
}

/**
 * Readiness (`/v2/ready`): the checks when all hold, otherwise 503 naming those that fail, so
 * an orchestrator stops sending traffic to this process until they hold again.
 */
export async function requireReady(deps: ReadinessDeps): Promise<ReadinessChecks> {
  const checks = await readinessChecks(deps);
  const failing = Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  if (failing.length) throw new DomainError(503, `Not ready: ${failing.join(', ')}.`);
  return checks;
}
