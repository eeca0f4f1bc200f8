import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Content-addressed storage of raw vial files: a blob's name is its SHA-256, so storing the same
 * content twice keeps one copy and a stored blob never changes. The interface is what an object
 * store (S3 and the like) would implement instead of the local folder.
 */
export interface BlobStore {
  /** Streams into a staging area while hashing; `commit` publishes it, `discard` drops it. */
  stage(): StagedBlob;
  read(sha256: string): Promise<Buffer>;
  exists(sha256: string): Promise<boolean>;
  /**
   * Deletes a blob (no error when it is gone already). Blobs are shared by content: only the
   * owner of the last reference to it may remove it.
   */
  remove(sha256: string): Promise<void>;
}

export interface StagedBlob {
  /** Feed every chunk in order. */
  write(chunk: Buffer): Promise<void>;
  /** Finishes writing and answers the content's SHA-256 and size. */
  finish(): Promise<{ sha256: string; size: number }>;
  commit(): Promise<void>;
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
  /** Publishes the blob; until then nothing is stored. */
  commit: () => Promise<void>;
  discard: () => Promise<void>;
  /** Reads the received (staged) file back as a stream, before it is committed. */
  open: () => Readable;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  stage(): StagedBlob {
    const staging = path.join(this.root, 'staging');
    fs.mkdirSync(staging, { recursive: true });
    const temp = path.join(staging, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const out = fs.createWriteStream(temp);
    const hash = createHash('sha256');
    let size = 0;
    let sha256 = '';
    const closed = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
    });
    closed.catch(() => undefined); // awaited by finish(); never an unhandled rejection
    return {
      write: (chunk) => {
        hash.update(chunk);
        size += chunk.length;
        // Respect back-pressure so a slow disk does not pile the upload up in memory.
        return out.write(chunk) ? Promise.resolve() : new Promise((r) => out.once('drain', r));
      },
      finish: async () => {
        out.end();
        await closed;
        sha256 = hash.digest('hex');
        return { sha256, size };
      },
      commit: async () => {
        const target = this.pathOf(sha256);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(temp, target);
      },
      discard: async () => {
        out.end();
        await closed.catch(() => undefined);
        await fs.promises.rm(temp, { force: true });
      },
      open: () => fs.createReadStream(temp, { highWaterMark: 256 * 1024 }),
    };
  }

  read(sha256: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(sha256));
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

  /** How many blobs are stored and how many uploads are half-written (tests, diagnostics). */
  count(): { blobs: number; staging: number } {
    const walk = (dir: string): number =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0)
        : 0;
    const staging = walk(path.join(this.root, 'staging'));
    return { blobs: walk(this.root) - staging, staging };
  }
}

/** Stores bytes made on the server (generated reports, demo runs); answers their address. */
export async function storeBytes(
  blobs: BlobStore,
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
