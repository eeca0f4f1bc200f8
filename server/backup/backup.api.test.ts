import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startServer, type RunningServer } from '../boot';
import { expected, readFixture } from '../../shared/vial/testing/fixtures';
import { ApiClient } from '../../testing/http';
import {
  exactAnswers,
  getRoutes,
  withoutMakingTime,
  seedResources,
  type ResourceIds,
} from '../../testing/openapi-walk';
import { waitFor } from '../../testing/processes';
import { runForm, seedFiles } from '../../testing/records';
import { siblingInstallation, startTestServer, type TestServer } from '../../testing/test-server';
import { verifyAuditTrail } from '../domain/audit/verify';
import { referencedBlobs } from '../domain/blobs/repository';
import { backup } from './backup';
import { blobPath, type Manifest } from './manifest';
import { restore, RestoreRefused } from './restore';

/**
 * The drill: an installation with runs, clinical data, hemolysis data, reports and contracts is
 * backed up while uploads go on and a report is deleted, then restored into an empty
 * installation; every GET route of /v2/openapi.json (every listing, every download byte for
 * byte, every chart) answers there as it did at the backup's snapshot.
 */
const quiet = { info: () => undefined, error: () => undefined };

let server: TestServer;
let staff: ApiClient;
let ids: ResourceIds;
let routes: [string, string][];
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-backup-'));
let sibling: Awaited<ReturnType<typeof siblingInstallation>> | undefined;
let restored: RunningServer | undefined;

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const seeded = await seedResources(staff, server.ctx.db, hospital, 'backup');
  const files = await seedFiles(staff, seeded);
  ids = files.ids;
  routes = await getRoutes(server.api, ids);
}, 120_000);

afterAll(async () => {
  await restored?.stop();
  await sibling?.remove();
  await server.stop();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** Runs of the fixture vials not uploaded yet: what arrives while the backup runs. */
const lateRuns = ['pts-rough', 'pts-typical', 'refrigerated'].map((name) => expected.records[name]);

const upload = (run: (typeof lateRuns)[number]) =>
  staff.multipart(
    `/v2/institutes/${ids.institute}/record-upload`,
    runForm(readFixture(run.file), run.vial_uuid, path.basename(run.file)),
  );

async function rowsAt(databaseUrl: string, sql: string) {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    return (await pg.query(sql)).rows as { id: string; hash: string }[];
  } finally {
    await pg.end();
  }
}

it('restores what the snapshot held: every answer, every file byte for byte', async () => {
  // Record inserts wait while the answers at the snapshot are read; they go on during the backup.
  const holdUploads = new Client({ connectionString: server.ctx.config.databaseUrl });
  await holdUploads.connect();
  await holdUploads.query('BEGIN');
  await holdUploads.query('LOCK TABLE records IN SHARE MODE');
  const uploads = lateRuns.map(upload);
  const before = await exactAnswers(staff, routes);
  const served = Object.keys(before).filter((name) => before[name].status === 200);
  // The walk reaches every kind of stored file, chart and listing; a seed that stopped making
  // one would hide it.
  expect(served).toEqual(
    expect.arrayContaining([
      'GET /v2/institutes/{id}/records',
      'GET /v2/records/{id}/data',
      'GET /v2/records/{id}/cumulative',
      'GET /v2/institutes/{id}/clinical-data',
      'GET /v2/hemolysis-index-data/{id}/measurements',
      'GET /v2/institutes/{id}/hemolysis-index/summary',
      'GET /v2/reports/{id}/download',
      'GET /v2/contracts/{id}/files/{fileId}',
      'GET /v2/vials/{label}/diff-file',
      'GET /v2/hemolysis-index-data/{id}/download',
    ]),
  );
  const reportBlob = (
    await server.ctx.db.query('SELECT file_sha256 AS sha FROM reports WHERE id = $1', [ids.report])
  )[0].sha as string;

  // Runs put into the database directly by the seed have no file: missing before and after.
  const missingBefore: string[] = [];
  for (const sha of await referencedBlobs(server.ctx.db.manager)) {
    if (!(await server.ctx.blobs.exists(sha))) missingBefore.push(sha);
  }

  let deleted: Promise<unknown> | undefined;
  const manifest = await backup(server.ctx.config, quiet, {
    to: backupDir,
    onSnapshot: async () => {
      await holdUploads.query('COMMIT');
      // The uploads commit, blobs and all, after the snapshot and before any blob is copied.
      for (const res of await Promise.all(uploads)) expect(res.status).toBe(201);
      // A report deleted now: its row is gone, its blob must stay until the backup copied it.
      deleted = staff.delete(`/v2/reports/${ids.report}`);
      await waitFor('the report row to go', async () => {
        const rows = await server.ctx.db.query('SELECT 1 FROM reports WHERE id = $1', [ids.report]);
        return rows.length === 0;
      });
      await waitFor('the blob removal to wait or happen', async () => {
        const waiting = await server.ctx.db.query(
          "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        return waiting.length > 0 || !(await server.ctx.blobs.exists(reportBlob));
      });
    },
  });
  await holdUploads.end();
  expect((await deleted) as { status: number }).toMatchObject({ status: 204 });
  expect(await server.ctx.blobs.exists(reportBlob)).toBe(false);
  expect(manifest.missingBlobs).toEqual(missingBefore);
  expect(manifest.blobs.map((b) => b.sha256)).toContain(reportBlob);
  // Nothing of the late uploads is in the backup: neither their records nor their files.
  const lateShas = (
    await server.ctx.db.query('SELECT sha256 FROM records WHERE file_name = ANY($1)', [
      lateRuns.map((r) => path.basename(r.file)),
    ])
  ).map((r: { sha256: string }) => r.sha256);
  expect(lateShas).toHaveLength(lateRuns.length);
  for (const sha of lateShas) expect(fs.existsSync(blobPath(backupDir, sha))).toBe(false);

  // Not into an installation with data.
  await expect(restore(server.ctx.config, quiet, { from: backupDir })).rejects.toThrow(
    RestoreRefused,
  );

  sibling = await siblingInstallation(server);
  const { config } = sibling;
  await restore(config, quiet, { from: backupDir });
  const trail = `SELECT id, hash FROM audit_events ORDER BY id`;
  const back = await rowsAt(config.databaseUrl!, trail);
  restored = await startServer(config, quiet);
  // The same JWT secret: the staff's token is valid there, and no login changes what it reads.
  const after = await exactAnswers(new ApiClient(restored.url, staff.token), routes);
  expect(withoutMakingTime(after)).toEqual(withoutMakingTime(before));
  // The audit trail came back as it was at the snapshot (the entries of uploads still going on
  // then came after it), every chain intact.
  const source: { id: string; hash: string }[] = await server.ctx.db.query(trail);
  expect(back.length).toBeGreaterThan(0);
  expect(source).toEqual(expect.arrayContaining(back));
  const { db, blobs, config: restoredConfig } = restored.ctx;
  expect((await verifyAuditTrail(db, blobs, restoredConfig.audit.key)).broken).toEqual([]);
}, 180_000);

it('backup:verify passes a whole backup and names a changed blob', () => {
  const verify = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', 'verify', backupDir], {
      cwd: path.resolve(__dirname, '../..'),
      encoding: 'utf8',
    });
  expect(verify().status).toBe(0);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'),
  ) as Manifest;
  const blob = blobPath(backupDir, manifest.blobs[0].sha256);
  const bytes = fs.readFileSync(blob);
  bytes[0] ^= 0xff;
  fs.writeFileSync(blob, bytes);
  const changed = verify();
  expect(changed.status).toBe(1);
  expect(changed.stderr).toContain(path.relative(backupDir, blob));
});
