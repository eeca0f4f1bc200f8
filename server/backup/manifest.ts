import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { blobKey } from '../storage/blob-store';

/** Bumped when the layout of a backup folder changes; restore refuses formats it does not know. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_FILE = 'manifest.json';

/** A file of the backup with what it must hold. */
export interface StoredFile {
  sha256: string;
  size: number;
}

/** One table's rows: the file that holds them and how many there are. */
export interface TableEntry extends StoredFile {
  table: string;
  file: string;
  rows: number;
}

/**
 * What a backup holds, written last: a folder without it is an unfinished backup. Every file is
 * listed with its SHA-256 and size, so `npm run backup:verify` can tell a damaged copy.
 */
export interface Manifest {
  format: number;
  createdAt: string;
  app: { name: string; version: string };
  postgres: string;
  /** The migrations applied when the snapshot was taken, oldest first (the last one names the schema). */
  migrations: string[];
  blobStore: 'local' | 's3';
  tables: TableEntry[];
  /** Each sequence's last value, so new rows after a restore get new ids. */
  sequences: Record<string, string | null>;
  /** Every blob the snapshot refers to (named by its SHA-256), copied into blobs/. */
  blobs: StoredFile[];
  /** Blobs the database refers to that were already missing from the store when backed up. */
  missingBlobs: string[];
}

/** Where a blob lies inside the backup folder: blobs/ab/cd/<sha256>, as in the local store. */
export const blobPath = (dir: string, sha256: string) =>
  path.join(dir, 'blobs', ...blobKey(sha256).split('/'));

export const tablePath = (dir: string, entry: Pick<TableEntry, 'file'>) =>
  path.join(dir, 'database', entry.file);

/** Streams into a file (through `transforms`) while hashing; answers the file's SHA-256 and size. */
export async function writeHashed(
  source: Readable,
  file: string,
  ...transforms: NodeJS.ReadWriteStream[]
): Promise<StoredFile> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline([source, ...transforms, hashing, fs.createWriteStream(file, { flags: 'wx' })]);
  return { sha256: hash.digest('hex'), size };
}

/** A file's SHA-256 and size, or undefined when there is no such file. */
export async function hashFile(file: string): Promise<StoredFile | undefined> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), size: stat.size };
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  const text = await fs.promises.readFile(file, 'utf8').catch(() => {
    throw new Error(`${dir} is not a finished backup: it has no ${MANIFEST_FILE}.`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(
      `${dir} is a backup of format ${manifest.format}; this release reads ${BACKUP_FORMAT}.`,
    );
  }
  return manifest;
}

export function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  return fs.promises.writeFile(
    path.join(dir, MANIFEST_FILE),
    JSON.stringify(manifest, null, 2) + '\n',
  );
}
