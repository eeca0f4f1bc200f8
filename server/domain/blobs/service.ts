import type { DataSource } from 'typeorm';
import type { BlobStore } from '../../storage/blob-store';
import { unreferencedBlobs } from './repository';

export interface BlobDeps {
  db: DataSource;
  blobs: BlobStore;
}

/**
 * Removes from the blob store those of these blobs nothing refers to any more. Blobs are shared
 * by content (a contract file may be a report too), so a blob goes with its last reference.
 */
export async function releaseBlobs({ db, blobs }: BlobDeps, shas: string[]) {
  for (const sha of await unreferencedBlobs(db.manager, shas)) await blobs.remove(sha);
}
