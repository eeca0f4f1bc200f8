import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restore } from '../backup/restore';
import { readManifest } from '../backup/manifest';
import { startServer, type RunningServer } from '../boot';
import { loadConfig } from '../config';
import { signInDemo } from '../../bench/bench-server';
import { createTestDatabase } from '../../testing/database';
import { RELEASE_DIR, type ReleaseAnswer } from '../../testing/release';

/**
 * Upgrades keep data: the previous release's installation (server/db/previous-release, written by
 * `npm run release:snapshot` when that release was cut) is restored as a release-day backup would
 * be, this release's server starts on it and applies the newer migrations, and its records, lines
 * with their statistics, the records' tallies and chart series answer as the release answered.
 */
jest.setTimeout(180_000);

const quiet = { info: () => undefined, error: () => undefined };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: RunningServer | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-upgrade-'));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("migrates the previous release's installation and answers as that release did", async () => {
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO: 'off',
    WORKER: 'false',
    PORT: '0',
    // signInDemo signs the demo staff account in with its password alone.
    MFA_REQUIRED_FOR_STAFF: 'false',
  });
  const backupDir = path.join(RELEASE_DIR, 'backup');
  const { migrations } = await readManifest(backupDir);
  await restore(config, quiet, { from: backupDir, force: true });

  server = await startServer({ ...config, rendererDir: path.join(dataDir, 'none') }, quiet);
  // Every migration of this release has run, the release's first and the newer ones after.
  const { db } = server.ctx;
  const ran: { name: string }[] = await db.query(
    'SELECT name FROM migrations ORDER BY "timestamp", id',
  );
  expect(ran.map((m) => m.name)).toEqual(db.migrations.map((m) => m.name));
  expect(ran.length).toBeGreaterThan(migrations.length);

  const { member } = await signInDemo(server.url);
  const recorded: ReleaseAnswer[] = JSON.parse(
    fs.readFileSync(path.join(RELEASE_DIR, 'answers.json'), 'utf8'),
  );
  expect(recorded.length).toBeGreaterThan(10);
  for (const { path: asked, body } of recorded) {
    const res = await member.get(asked);
    expect({ asked, status: res.status }).toEqual({ asked, status: 200 });
    // Newer releases may add fields; what the release answered stays.
    expect({ asked, body: res.body }).toMatchObject({ asked, body: body as object });
  }
});
