import path from 'node:path';
import type { Logger } from '../app-context';
import { createBlobStore, EMBEDDED_DATABASE, embeddedDatabase } from '../boot';
import type { Config } from '../config';
import { runningClusterUrl } from '../db/embedded-postgres';
import type { BlobStore } from '../storage/blob-store';
import { S3BlobStore } from '../storage/s3-blob-store';

/** What a backup or restore works on: the installation's database and its blob store. */
export interface Installation {
  databaseUrl: string;
  blobs: BlobStore;
  close(): Promise<void>;
}

/**
 * The installation the configuration names, as the server sees it: DATABASE_URL, or the embedded
 * cluster under DATA_DIR (the running server's, reached through its port; started here, and
 * stopped again, when no server runs); the local blob folder or the S3 bucket.
 */
export async function openInstallation(config: Config, log: Logger): Promise<Installation> {
  let databaseUrl = config.databaseUrl;
  let stopCluster = (): Promise<void> => Promise.resolve();
  if (!databaseUrl) {
    const running = runningClusterUrl(path.join(config.dataDir, 'postgres'));
    if (running) databaseUrl = running(EMBEDDED_DATABASE);
    else {
      const { url, cluster } = await embeddedDatabase(config, log);
      databaseUrl = url;
      stopCluster = () => cluster.stop();
    }
  }
  const blobs = await createBlobStore(config, log);
  return {
    databaseUrl,
    blobs,
    close: async () => {
      if (blobs instanceof S3BlobStore) blobs.destroy();
      await stopCluster();
    },
  };
}
