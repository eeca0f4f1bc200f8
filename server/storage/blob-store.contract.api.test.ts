import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3 } from '../../testing/s3';
import {
  BlobMissingError,
  FileBlobStore,
  RecordExistsError,
  RecordMissingError,
  type BlobStore,
} from './blob-store';
import { S3BlobStore } from './s3-blob-store';

/**
 * One contract, both stores: the local folder and an S3 bucket (a real s3rver on loopback). What
 * a store holds is counted through `stored()` (files on disk, keys in the bucket), staging files
 * through the local staging folder both share.
 */
interface Subject {
  blobs: BlobStore;
  stored(): Promise<number>;
  staged(): number;
  stagingDir: string;
}

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-blob-contract-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startTestS3('vialqc-contract');
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0)
    : 0;

const subjects: [string, () => Subject][] = [
  [
    'local folder',
    () => {
      const root = tempDir();
      const blobs = new FileBlobStore(root);
      const stagingDir = path.join(root, 'staging');
      return {
        blobs,
        stored: async () => countFiles(root) - countFiles(stagingDir),
        staged: () => countFiles(stagingDir),
        stagingDir,
      };
    },
  ],
  [
    'S3 bucket (s3rver)',
    () => {
      const stagingDir = path.join(tempDir(), 'staging');
      // A prefix of its own per store, so each test starts from an empty store.
      const prefix = `t-${randomBytes(4).toString('hex')}/`;
      const blobs = new S3BlobStore({ bucket: s3.bucket, prefix, stagingDir, client: s3.client });
      return {
        blobs,
        stored: async () => (await s3.keys()).filter((k) => k.startsWith(prefix)).length,
        staged: () => countFiles(stagingDir),
        stagingDir,
      };
    },
  ],
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const collect = async (stream: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each(subjects)('blob store contract: %s', (_name, make) => {
  let subject: Subject;
  beforeEach(() => {
    subject = make();
  });

  it('puts bytes under their SHA-256 and reads them back; the same content is stored once', async () => {
    const bytes = randomBytes(1000);
    const stored = await subject.blobs.put(bytes);
    expect(stored).toEqual({ sha256: sha(bytes), size: 1000 });
    expect(await subject.blobs.exists(stored.sha256)).toBe(true);
    expect((await subject.blobs.read(stored.sha256)).equals(bytes)).toBe(true);
    await subject.blobs.put(Buffer.from(bytes));
    expect(await subject.stored()).toBe(1);
    expect(subject.staged()).toBe(0);
  });

  it('stages in chunks, reads it back, stores nothing until commit, then publishes once', async () => {
    // Larger than one multipart part of the S3 store (8 MiB): a real multipart upload.
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const staged = subject.blobs.stage();
    for (let at = 0; at < bytes.length; at += 1024 * 1024)
      await staged.write(bytes.subarray(at, at + 1024 * 1024));
    const { sha256, size } = await staged.finish();
    expect({ sha256, size }).toEqual({ sha256: sha(bytes), size: bytes.length });
    expect(await subject.blobs.exists(sha256)).toBe(false);
    expect(await subject.stored()).toBe(0);
    expect(subject.staged()).toBe(1);
    // The staged content reads back before it is published.
    expect(sha(await collect(staged.open()))).toBe(sha256);

    expect(await staged.commit()).toBe(true);
    expect(subject.staged()).toBe(0);
    expect(await subject.stored()).toBe(1);
    expect(sha(await subject.blobs.read(sha256))).toBe(sha256);
    expect(sha(await collect(await subject.blobs.stream(sha256)))).toBe(sha256);
    // Pieces copied as they come, as the metrics threads take them.
    const pieces: Buffer[] = [];
    for await (const piece of await subject.blobs.pieces(sha256)) pieces.push(Buffer.from(piece));
    expect(sha(Buffer.concat(pieces))).toBe(sha256);

    // The same content again: nothing new is stored, the commit says so.
    const again = subject.blobs.stage();
    await again.write(bytes);
    await again.finish();
    expect(await again.commit()).toBe(false);
    expect(await subject.stored()).toBe(1);
    expect(subject.staged()).toBe(0);
  });

  it('discards a staged blob at any point, leaving nothing, also when called twice', async () => {
    const midway = subject.blobs.stage();
    await midway.write(randomBytes(5000));
    await midway.discard();
    await midway.discard();
    const finished = subject.blobs.stage();
    await finished.write(randomBytes(5000));
    await finished.finish();
    await finished.discard();
    const empty = subject.blobs.stage();
    await empty.discard();
    expect(subject.staged()).toBe(0);
    expect(await subject.stored()).toBe(0);
    await expect(midway.write(Buffer.from('late'))).rejects.toThrow(/closed/);
  });

  it('removes a blob; removing a missing one is no error', async () => {
    const { sha256 } = await subject.blobs.put(Buffer.from('to be removed'));
    await subject.blobs.remove(sha256);
    expect(await subject.blobs.exists(sha256)).toBe(false);
    await subject.blobs.remove(sha256);
    expect(await subject.stored()).toBe(0);
  });

  it('answers a missing blob with BlobMissingError on read, stream and pieces, false on exists', async () => {
    const missing = sha(Buffer.from('never stored'));
    expect(await subject.blobs.exists(missing)).toBe(false);
    await expect(subject.blobs.read(missing)).rejects.toBeInstanceOf(BlobMissingError);
    await expect(subject.blobs.stream(missing)).rejects.toBeInstanceOf(BlobMissingError);
    await expect(subject.blobs.pieces(missing)).rejects.toBeInstanceOf(BlobMissingError);
  });

  it('refuses names that are not a SHA-256', async () => {
    await expect(subject.blobs.read('../../etc/passwd')).rejects.toThrow(/Not a SHA-256/);
  });

  it('sweeps staging files older than the given age and keeps newer ones', async () => {
    const fresh = subject.blobs.stage();
    await fresh.write(Buffer.from('an upload in progress'));
    fs.mkdirSync(subject.stagingDir, { recursive: true });
    const stale = path.join(subject.stagingDir, 'left-by-a-killed-process');
    fs.writeFileSync(stale, 'half an upload');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await subject.blobs.sweepStaging(3600_000)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(subject.staged()).toBe(1);
    await fresh.discard();
    expect(subject.staged()).toBe(0);
  });

  it('writes named records once, lists them by prefix in order and reads them back', async () => {
    await subject.blobs.writeRecord('audit-checkpoints/2026-02.json', Buffer.from('second'));
    await subject.blobs.writeRecord('audit-checkpoints/2026-01.json', Buffer.from('first'));
    await subject.blobs.writeRecord('other/2026-03.json', Buffer.from('elsewhere'));
    expect(await subject.blobs.listRecords('audit-checkpoints/')).toEqual([
      'audit-checkpoints/2026-01.json',
      'audit-checkpoints/2026-02.json',
    ]);
    expect((await subject.blobs.readRecord('audit-checkpoints/2026-01.json')).toString()).toBe(
      'first',
    );
    await expect(
      subject.blobs.writeRecord('audit-checkpoints/2026-01.json', Buffer.from('rewritten')),
    ).rejects.toThrow(RecordExistsError);
    expect((await subject.blobs.readRecord('audit-checkpoints/2026-01.json')).toString()).toBe(
      'first',
    );
    await expect(subject.blobs.readRecord('audit-checkpoints/none.json')).rejects.toThrow(
      RecordMissingError,
    );
    await expect(subject.blobs.writeRecord('../escape', Buffer.from('x'))).rejects.toThrow(
      /Not a record name/,
    );
    expect(await subject.blobs.listRecords('nothing/')).toEqual([]);
  });
});
