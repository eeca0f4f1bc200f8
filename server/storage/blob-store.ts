import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Content-addressed storage of raw vial files and reports: a blob's name is its SHA-256, so
 * storing the same content twice keeps one copy and a stored blob never changes. Two
 * implementations: a local folder (FileBlobStore) and an S3 bucket (S3BlobStore, s3-blob-store.ts);
 * both pass one contract suite (blob-store.contract.api.test.ts).
 *
 * Uploads arrive in a local staging folder first, hashed on the way; only `commit` publishes
 * them, so a refused or interrupted upload never reaches the store itself.
 */
export interface BlobStore {
  /** Streams into the staging area while hashing; `commit` publishes it, `discard` drops it. */
  stage(): StagedBlob;
  /** Stores bytes at once (generated reports, demo runs); answers their address. */
  put(bytes: Buffer): Promise<{ sha256: string; size: number }>;
  /** The blob's bytes; throws BlobMissingError when it is not stored. */
  read(sha256: string): Promise<Buffer>;
  /** The blob as a stream; throws BlobMissingError when it is not stored. */
  stream(sha256: string): Promise<Readable>;
  /**
   * The blob in pieces for a reader that copies each at once (the metrics threads): a piece is
   * valid only until the next is asked for, so a store may read them all into one buffer. Throws
   * BlobMissingError when it is not stored.
   */
  pieces(sha256: string): Promise<AsyncIterable<Uint8Array>>;
  exists(sha256: string): Promise<boolean>;
  /**
   * Deletes the blob; nothing happens when it is not stored. Blobs are shared by content: only
   * the owner of the last reference to it may remove it.
   */
  remove(sha256: string): Promise<void>;
  /**
   * Deletes staging files older than `maxAgeMs`: what a process killed mid-upload left behind.
   * Answers how many it deleted.
   */
  sweepStaging(maxAgeMs: number): Promise<number>;
  /**
   * Writes a record under a name of its own beside the blobs (the audit trail's checkpoints:
   * `audit-checkpoints/<time>.json`), once: a name already written is refused, never
   * overwritten. In S3 the object is `<prefix>records/<name>`, where Object Lock can keep it.
   */
  writeRecord(name: string, bytes: Buffer): Promise<void>;
  /** The names of the records whose name starts with `prefix`, in ascending order. */
  listRecords(prefix: string): Promise<string[]>;
  /** A record's bytes; throws RecordMissingError when there is none of that name. */
  readRecord(name: string): Promise<Buffer>;
}

/** A record name: folders and a file name of letters, digits, '.', '_' and '-'. */
const RECORD_NAME = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Refuses a record name that could leave the records' folder or key prefix. */
export function checkRecordName(name: string): string {
  if (!RECORD_NAME.test(name) || name.length > 200) throw new Error(`Not a record name: ${name}`);
  return name;
}

/** Raised by `writeRecord` for a name written already: records are never overwritten. */
export class RecordExistsError extends Error {
  constructor(readonly recordName: string) {
    super(`The record ${recordName} exists already`);
    this.name = 'RecordExistsError';
  }
}

/** Raised by `readRecord` for a name with no record. */
export class RecordMissingError extends Error {
  constructor(readonly recordName: string) {
    super(`There is no record ${recordName}`);
    this.name = 'RecordMissingError';
  }
}

export interface StagedBlob {
  /** Feed every chunk in order. */
  write(chunk: Buffer): Promise<void>;
  /** Finishes writing and answers the content's SHA-256 and size. */
  finish(): Promise<{ sha256: string; size: number }>;
  /** Publishes the blob; answers false when the same content was stored already. */
  commit(): Promise<boolean>;
  /** Closes and deletes the staging file; safe to call at any point, and more than once. */
  discard(): Promise<void>;
  /** Reads the staged content back as a stream (after `finish`, before `commit`). */
  open(): Readable;
}

/** A file received into the staging area, hashed; nothing is stored until it is committed. */
export interface ReceivedFile {
  fileName: string;
  mimeType: string;
  sha256: string;
  size: number;
  /** Publishes the blob (false: the content was stored already); until then nothing is stored. */
  commit: () => Promise<boolean>;
  discard: () => Promise<void>;
  /** Reads the received (staged) file back as a stream, before it is committed. */
  open: () => Readable;
}

/** Raised by `read` and `stream` for a blob that is not in the store (lost or restored store). */
export class BlobMissingError extends Error {
  constructor(readonly sha256: string) {
    super(`Blob ${sha256} is not in the blob store`);
    this.name = 'BlobMissingError';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

/** Refuses anything but a SHA-256 as a blob's name: it becomes a path or an object key. */
export function checkSha256(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
  return sha256;
}

/** `ab/cd/abcd…`: the blob's place under the store's root, the same for both stores. */
export const blobKey = (sha256: string) =>
  `${checkSha256(sha256).slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

/**
 * The local staging folder both stores receive uploads into. A staged file is written with
 * back-pressure while hashed; `publish` hands the finished file to the store, which moves or
 * uploads it and deletes it.
 */
export class LocalStaging {
  constructor(readonly dir: string) {}

  stage(publish: (file: string, sha256: string, size: number) => Promise<boolean>): StagedBlob {
    fs.mkdirSync(this.dir, { recursive: true });
    const temp = path.join(this.dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const out = fs.createWriteStream(temp);
    const hash = createHash('sha256');
    let size = 0;
    let sha256 = '';
    let state: 'writing' | 'finished' | 'done' = 'writing';
    /** The one discard in progress: every caller waits for the file to be gone. */
    let discarded: Promise<void> | undefined;
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
    });
    closed.catch(() => undefined); // awaited by finish() and discard(); never unhandled
    return {
      write: (chunk) => {
        if (state !== 'writing') return Promise.reject(new Error('The staged blob is closed'));
        hash.update(chunk);
        size += chunk.length;
        // Respect back-pressure so a slow disk does not pile the upload up in memory.
        if (out.write(chunk)) return Promise.resolve();
        return new Promise((resolve, reject) => {
          const done = (err?: Error) => {
            out.off('drain', done);
            out.off('close', done);
            if (err) reject(err);
            else resolve();
          };
          out.once('drain', done);
          out.once('close', done);
        });
      },
      finish: async () => {
        if (state !== 'writing') throw new Error('The staged blob is closed');
        state = 'finished';
        out.end();
        await closed;
        sha256 = hash.digest('hex');
        return { sha256, size };
      },
      commit: async () => {
        if (state !== 'finished') throw new Error('Finish the staged blob before committing it');
        state = 'done';
        try {
          return await publish(temp, sha256, size);
        } finally {
          await fs.promises.rm(temp, { force: true });
        }
      },
      discard: () => {
        if (state === 'done') return discarded ?? Promise.resolve();
        state = 'done';
        // Destroy rather than end: the handle closes even while a write waits for a drain.
        out.destroy();
        discarded = closed.catch(() => undefined).then(() => fs.promises.rm(temp, { force: true }));
        return discarded;
      },
      open: () => {
        if (state !== 'finished') throw new Error('Finish the staged blob before reading it back');
        return fs.createReadStream(temp, { highWaterMark: 256 * 1024 });
      },
    };
  }

  async sweep(maxAgeMs: number): Promise<number> {
    const entries = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of entries) {
      const file = path.join(this.dir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat?.isFile() && Date.now() - stat.mtimeMs > maxAgeMs) {
        await fs.promises.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Staged files right now (tests, diagnostics). */
  count(): number {
    return fs.existsSync(this.dir) ? fs.readdirSync(this.dir).length : 0;
  }
}

/** Stores through the staging area: the same path uploads take, for bytes made on the server. */
export async function putThroughStaging(
  blobs: Pick<BlobStore, 'stage'>,
  bytes: Buffer,
): Promise<{ sha256: string; size: number }> {
  const staged = blobs.stage();
  try {
    await staged.write(bytes);
    const stored = await staged.finish();
    await staged.commit();
    return stored;
  } catch (err) {
    await staged.discard();
    throw err;
  }
}

const PIECE_READ_BYTES = 256 * 1024;

/** The records' folder under the store's root: no blob folder has a name this long. */
const RECORDS = 'records';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Blobs in a local folder: `<root>/ab/cd/<sha256>`, staging in `<root>/staging`. */
export class FileBlobStore implements BlobStore {
  readonly staging: LocalStaging;

  constructor(private readonly root: string) {
    this.staging = new LocalStaging(path.join(root, 'staging'));
  }

  private pathOf(sha256: string): string {
    return path.join(this.root, ...blobKey(sha256).split('/'));
  }

  stage(): StagedBlob {
    return this.staging.stage(async (file, sha256) => {
      const target = this.pathOf(sha256);
      if (await this.exists(sha256)) return false;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(file, target);
      return true;
    });
  }

  put(bytes: Buffer) {
    return putThroughStaging(this, bytes);
  }

  async read(sha256: string): Promise<Buffer> {
    try {
      return await fs.promises.readFile(this.pathOf(sha256));
    } catch (err) {
      throw isMissing(err) ? new BlobMissingError(sha256) : err;
    }
  }

  private async open(sha256: string): Promise<fs.promises.FileHandle> {
    return fs.promises.open(this.pathOf(sha256)).catch((err: unknown) => {
      throw isMissing(err) ? new BlobMissingError(sha256) : err;
    });
  }

  async stream(sha256: string): Promise<Readable> {
    return (await this.open(sha256)).createReadStream();
  }

  /**
   * Read into one 256 kB buffer, over and over: a stream's fresh buffer per read made every run
   * processed leave its size in garbage on the main thread (20 runs at once: 400 MB), which
   * raised the server's memory with the number of runs.
   */
  async pieces(sha256: string): Promise<AsyncIterable<Uint8Array>> {
    const handle = await this.open(sha256);
    return (async function* () {
      try {
        const buffer = Buffer.allocUnsafeSlow(PIECE_READ_BYTES);
        for (;;) {
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
          if (bytesRead === 0) return;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    })();
  }

  async exists(sha256: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(sha256)).then(
      () => true,
      () => false,
    );
  }

  async remove(sha256: string): Promise<void> {
    await fs.promises.rm(this.pathOf(sha256), { force: true });
  }

  sweepStaging(maxAgeMs: number): Promise<number> {
    return this.staging.sweep(maxAgeMs);
  }

  private recordPath(name: string): string {
    return path.join(this.root, RECORDS, ...checkRecordName(name).split('/'));
  }

  /** Created exclusively ('wx') and left read-only. */
  async writeRecord(name: string, bytes: Buffer): Promise<void> {
    const file = this.recordPath(name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.promises.writeFile(file, bytes, { flag: 'wx', mode: 0o444 });
    } catch (err) {
      throw (err as NodeJS.ErrnoException).code === 'EEXIST' ? new RecordExistsError(name) : err;
    }
  }

  async listRecords(prefix: string): Promise<string[]> {
    const root = path.join(this.root, RECORDS);
    const names: string[] = [];
    const walk = async (dir: string, under: string) => {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const name = under + e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), `${name}/`);
        else if (name.startsWith(prefix)) names.push(name);
      }
    };
    await walk(root, '');
    return names.sort();
  }

  async readRecord(name: string): Promise<Buffer> {
    try {
      return await fs.promises.readFile(this.recordPath(name));
    } catch (err) {
      throw isMissing(err) ? new RecordMissingError(name) : err;
    }
  }

  /** How many blobs are stored and how many uploads are half-written (tests, diagnostics). */
  count(): { blobs: number; staging: number } {
    const walk = (dir: string): number =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0)
        : 0;
    const staging = this.staging.count();
    return { blobs: walk(this.root) - staging - walk(path.join(this.root, RECORDS)), staging };
  }
}

/** Stores bytes made on the server (generated reports, demo runs); answers their address. */
export function storeBytes(
  blobs: BlobStore,
  bytes: Buffer,
): Promise<{ sha256: string; size: number }> {
  return blobs.put(bytes);
}
