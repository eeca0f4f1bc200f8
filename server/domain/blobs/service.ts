import type { DataSource } from 'typeorm';
import { BlobMissingError, type BlobStore } from '../../storage/blob-store';
import { gone } from '../errors';
import { holdBlobRemoval, unreferencedBlobs } from './repository';

export interface BlobDeps {
  db: DataSource;
  blobs: Pick<BlobStore, 'remove'>;
}

/**
 * Removes from the blob store those of these blobs nothing refers to any more. Blobs are shared
 * by content (a contract file may be a report too), so a blob goes with its last reference. A
 * backup copying blobs makes the removal wait, so a blob its snapshot still holds is copied first.
 */
export async function releaseBlobs({ db, blobs }: BlobDeps, shas: string[]) {
  await db.transaction(async (manager) => {
    await holdBlobRemoval(manager);
    for (const sha of await unreferencedBlobs(manager, shas)) await blobs.remove(sha);
  });
}

/**
 * A stored file's bytes for a download. A file gone from the blob store (a lost volume, a restore
 * from an older backup) answers 410 naming what is missing, not a 500: the row is still there,
 * only its bytes are not.
 */
export async function readStoredFile(
  { blobs }: { blobs: Pick<BlobStore, 'read'> },
  sha256: string,
  what: string,
): Promise<Buffer> {
  try {
    return await blobs.read(sha256);
  } catch (err) {
    if (err instanceof BlobMissingError) throw gone(missingFileDetail(what));
    throw err;
  }
}

const missingFileDetail = (what: string) =>
  `The ${what} is missing from storage. Restore the file store from a backup or upload it again.`;
