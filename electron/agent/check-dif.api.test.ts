import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { registerFixtureVials, uploadFixture } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { ApiClient } from '../../testing/http';
import { compareDriveWithDif, runCheckDif } from './check-dif';
import { parseCheckDif } from './cli';
import { copyFixtureDrive, removeDrives, runHashes } from './testing/drives';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

let server: TestServer;
let staff: ApiClient;
let difFile: string;
let difDir: string;
/** drive-1 holds six runs of VV-1007; all but RUN00011.DAT go up. */
const NEVER_UPLOADED = 'DATA/RUN00011.DAT';

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  const member = await server.login('member@example.org');
  const { hospital } = await server.demoInstitutes();
  const uuids = await registerFixtureVials(staff, hospital);
  for (const n of ['01', '03', '05', '07', '09']) {
    const res = await uploadFixture(
      member,
      hospital,
      `drive-1/DATA/RUN000${n}.DAT`,
      uuids.get('VV-1007') as string,
    );
    expect(res.status).toBe(201);
  }
  await staff.post('/v2/vials/create-diff', { label: 'VV-1007' });
  const file = await staff.get('/v2/vials/VV-1007/diff-file');
  difDir = mkdtempSync(path.join(os.tmpdir(), 'vialqc-dif-'));
  difFile = path.join(difDir, 'VV-1007.csv');
  writeFileSync(difFile, file.body as string);
});
afterEach(removeDrives);
afterAll(async () => {
  rmSync(difDir, { recursive: true, force: true });
  await server.stop();
});

it('finds the run on the drive that was never uploaded, by SHA-256, and exits 1', async () => {
  const drive = copyFixtureDrive('drive-1');
  const hashes = runHashes(drive);
  const comparison = await compareDriveWithDif(drive, difFile);
  expect(comparison).toMatchObject({
    driveLabel: 'VV-1007',
    difLabel: 'VV-1007',
    matched: 5,
    notOnDrive: [],
  });
  expect(comparison.notUploaded).toEqual([
    { path: NEVER_UPLOADED, sha256: hashes.get('RUN00011.DAT') },
  ]);
  const lines: string[] = [];
  expect(await runCheckDif(drive, difFile, (l) => lines.push(l))).toBe(1);
  expect(lines).toContain(`  ${NEVER_UPLOADED} ${hashes.get('RUN00011.DAT')}`);
  expect(lines.at(-1)).toBe('Some runs on the drive were never uploaded.');
});

it('lists the uploaded runs the drive no longer has, and exits 0 when every run on it is uploaded', async () => {
  const drive = copyFixtureDrive('drive-1');
  const hashes = runHashes(drive);
  rmSync(path.join(drive, NEVER_UPLOADED));
  rmSync(path.join(drive, 'DATA', 'RUN00003.DAT'));
  const comparison = await compareDriveWithDif(drive, difFile);
  expect(comparison.notUploaded).toEqual([]);
  expect(comparison.notOnDrive.map((r) => [r.file_name, r.sha256])).toEqual([
    ['RUN00003.DAT', hashes.get('RUN00003.DAT')],
  ]);
  const lines: string[] = [];
  expect(await runCheckDif(drive, difFile, (l) => lines.push(l))).toBe(0);
  expect(lines.at(-1)).toBe('Every run on the drive is on the server.');
});

it('warns when the drive is another vial than the DIF file’s', async () => {
  const lines: string[] = [];
  expect(await runCheckDif(copyFixtureDrive('drive-2'), difFile, (l) => lines.push(l))).toBe(1);
  expect(lines[0]).toBe('Warning: the drive is VV-1008, the DIF file is of VV-1007.');
});

it('runs as `npm run agent -- --drive DIR --check-dif FILE` without a server, with its exit code', async () => {
  expect(parseCheckDif(['--drive', 'd', '--check-dif', 'f'])).toEqual({ drive: 'd', difFile: 'f' });
  expect(parseCheckDif(['--drive', 'd'])).toBeNull();
  expect(() => parseCheckDif(['--check-dif', 'f'])).toThrow('Usage');
  const drive = copyFixtureDrive('drive-1');
  const args = ['tsx', 'electron/agent/cli.ts', '--drive', drive, '--check-dif', difFile];
  await expect(run('npx', args, { cwd: ROOT })).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining(NEVER_UPLOADED),
  });
  rmSync(path.join(drive, NEVER_UPLOADED));
  const { stdout } = await run('npx', args, { cwd: ROOT });
  expect(stdout.trim().split('\n').at(-1)).toBe('Every run on the drive is on the server.');
  await expect(
    run('npx', ['tsx', 'electron/agent/cli.ts', '--drive', drive, '--check-dif', drive], {
      cwd: ROOT,
    }),
  ).rejects.toMatchObject({ code: 2 });
});
