import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expected, readFixture } from '../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture } from '../../testing/records';
import { siblingInstallation, startTestServer, type TestServer } from '../../testing/test-server';
import { backup } from './backup';
import { blobPath, readManifest } from './manifest';
import { restore, RestoreRefused } from './restore';
import { verifyBackup } from './verify';

/**
 * Issue 39: a backup is its owner's only (folders 0700, files 0600), and with
 * BACKUP_ENCRYPTION_KEY none of its files holds the clear text; `backup:verify` still checks an
 * encrypted copy without the key, and a restore with the key gives the rows and files back.
 */
const quiet = { info: () => undefined, error: () => undefined };
const key = randomBytes(32);
let server: TestServer;
let run: Buffer;
let runSha: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-private-backup-'));
const siblings: Awaited<ReturnType<typeof siblingInstallation>>[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  await registerFixtureVials(staff, hospital);
  const fixture = Object.values(expected.records)[0];
  run = Buffer.from(readFixture(fixture.file));
  const uploaded = await uploadFixture(staff, hospital, fixture.file, fixture.vial_uuid);
  expect(uploaded.status).toBe(201);
  runSha = uploaded.body.sha256 as string;
}, 120_000);

afterAll(async () => {
  for (const sibling of siblings) await sibling.remove();
  await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modesUnder(dir: string): { file: string; dir: boolean; mode: number }[] {
  const own = { file: dir, dir: true, mode: fs.statSync(dir).mode & 0o777 };
  return [
    own,
    ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory()
        ? modesUnder(file)
        : [{ file, dir: false, mode: fs.statSync(file).mode & 0o777 }];
    }),
  ];
}

function expectPrivate(dir: string) {
  const modes = modesUnder(dir);
  expect(modes.filter((m) => !m.dir).length).toBeGreaterThan(2);
  for (const m of modes)
    expect({ file: m.file, mode: m.mode }).toEqual({ file: m.file, mode: m.dir ? 0o700 : 0o600 });
}

it('writes its files 0600 in folders 0700, in clear without a key', async () => {
  const dir = path.join(root, 'plain');
  const manifest = await backup(server.ctx.config, quiet, { to: dir });
  expect(manifest.encryption).toBeUndefined();
  expectPrivate(dir);
  expect(fs.readFileSync(blobPath(dir, runSha)).equals(run)).toBe(true);
});

it('encrypts every file with BACKUP_ENCRYPTION_KEY, and restores with it', async () => {
  const dir = path.join(root, 'encrypted');
  const manifest = await backup(server.ctx.config, quiet, { to: dir, key });
  expect(manifest.encryption).toMatchObject({ algorithm: 'aes-256-gcm' });
  expectPrivate(dir);

  // No clear text: the run's bytes are not in its file, and no table file is gzip any more.
  const stored = fs.readFileSync(blobPath(dir, runSha));
  expect(stored.includes(run.subarray(0, 64))).toBe(false);
  expect(stored.length).toBe(run.length + 12 + 16);
  const users = path.join(dir, 'database', 'users.jsonl.gz');
  expect(() => gunzipSync(fs.readFileSync(users))).toThrow();
  for (const file of modesUnder(dir).filter((m) => !m.dir && !m.file.endsWith('.json'))) {
    expect(fs.readFileSync(file.file).includes('staff@example.org')).toBe(false);
  }

  // A copy is checked without the key.
  expect(await verifyBackup(dir)).toEqual([]);
  expect((await readManifest(dir)).blobs.find((b) => b.sha256 === runSha)?.file).toBeDefined();

  const sibling = await siblingInstallation(server);
  siblings.push(sibling);
  await expect(restore(sibling.config, quiet, { from: dir })).rejects.toThrow(
    new RestoreRefused(
      'The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.',
    ),
  );
  await expect(restore(sibling.config, quiet, { from: dir, key: randomBytes(32) })).rejects.toThrow(
    /not the key the backup was made with/,
  );
  await restore(sibling.config, quiet, { from: dir, key });

  // The rows and the file came back as they were.
  const rows = `SELECT email, password_hash FROM users ORDER BY id`;
  const { createDataSource } = await import('../db/data-source');
  const restored = createDataSource(sibling.config.databaseUrl!, []);
  await restored.initialize();
  try {
    expect(await restored.query(rows)).toEqual(await server.ctx.db.query(rows));
  } finally {
    await restored.destroy();
  }
  const blob = path.join(
    sibling.config.dataDir,
    'blobs',
    runSha.slice(0, 2),
    runSha.slice(2, 4),
    runSha,
  );
  expect(fs.readFileSync(blob).equals(run)).toBe(true);
});

it('refuses to restore an encrypted file that was changed', async () => {
  const dir = path.join(root, 'tampered');
  await backup(server.ctx.config, quiet, { to: dir, key });
  // Changed consistently with the manifest (as whoever can write both could): the tag still tells.
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const users = path.join(dir, 'database', 'users.jsonl.gz');
  const bytes = fs.readFileSync(users);
  bytes[bytes.length - 20] ^= 0xff;
  fs.writeFileSync(users, bytes);
  const entry = manifest.tables.find((t: { table: string }) => t.table === 'users');
  const { createHash } = await import('node:crypto');
  entry.sha256 = createHash('sha256').update(bytes).digest('hex');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  expect(await verifyBackup(dir)).toEqual([]);

  const sibling = await siblingInstallation(server);
  siblings.push(sibling);
  // Refused by the tag, or by the gzip stream that read the changed bytes first: either way in
  // the load's transaction, which leaves no row behind.
  await expect(restore(sibling.config, quiet, { from: dir, key })).rejects.toThrow();
  const { createDataSource } = await import('../db/data-source');
  const restored = createDataSource(sibling.config.databaseUrl!, []);
  await restored.initialize();
  try {
    expect(await restored.query('SELECT id FROM users')).toEqual([]);
  } finally {
    await restored.destroy();
  }
});
