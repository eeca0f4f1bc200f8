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

/**
 * A blob of the backup: its content's SHA-256 (its name) and size, and, in an encrypted backup,
 * the SHA-256 and size of the file that holds it encrypted (what `backup:verify` rehashes).
 */
export interface StoredBlob extends StoredFile {
  file?: StoredFile;
}

/** Folders of a backup are its owner's only (0700), and so are its files (0600). */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates a folder (and any missing parent) readable by its owner only. */
export async function privateFolder(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  // An existing folder keeps its mode through mkdir; the umask may have narrowed a new one's.
  await fs.promises.chmod(dir, PRIVATE_DIR);
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
  blobs: StoredBlob[];
  /** Blobs the database refers to that were already missing from the store when backed up. */
  missingBlobs: string[];
  /**
   * Set when every table file and blob is encrypted with BACKUP_ENCRYPTION_KEY
   * (server/backup/encryption.ts); `keyCheck` tells a restore whether it was given that key.
   */
  encryption?: { algorithm: 'aes-256-gcm'; keyCheck: string };
}

/** Where a blob lies inside the backup folder: blobs/ab/cd/<sha256>, as in the local store. */
export const blobPath = (dir: string, sha256: string) =>
  path.join(dir, 'blobs', ...blobKey(sha256).split('/'));

export const tablePath = (dir: string, entry: Pick<TableEntry, 'file'>) =>
  path.join(dir, 'database', entry.file);

/** A file's name inside the backup, as an encrypted file's additional data (encryption.ts). */
export const nameInBackup = (dir: string, file: string) =>
  path.relative(dir, file).split(path.sep).join('/');

/** A pass-through stream that hashes what goes through it: `result()` once it has ended. */
export function hashing(): { stream: Transform; result: () => StoredFile } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}

/**
 * Streams into a new file (through `transforms`) while hashing; answers the file's SHA-256 and
 * size. The file is its owner's only (0600), in a folder that is too (0700): a backup holds every
 * account's data, and other local users must not read it.
 */
export async function writeHashed(
  source: Readable,
  file: string,
  ...transforms: NodeJS.ReadWriteStream[]
): Promise<StoredFile> {
  await privateFolder(path.dirname(file));
  const hashed = hashing();
  await pipeline([
    source,
    ...transforms,
    hashed.stream,
    fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE }),
  ]);
  return hashed.result();
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
    { mode: PRIVATE_FILE },
  );
}
