import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../demo/seed';
import { spawnServer, tempDataDir, type SpawnedServer } from '../../testing/processes';
import type { Manifest } from './manifest';

/**
 * The commands as an operator runs them, on the one-process installation of `npm start`: the
 * embedded database under DATA_DIR, reached through the running server's cluster for a backup,
 * started by the command itself for a restore into a new DATA_DIR.
 */
const ROOT = path.resolve(__dirname, '../..');
const source = tempDataDir();
const target = tempDataDir();
const backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-cli-backup-')), 'b');
const servers: SpawnedServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of [source, target, path.dirname(backupDir)]) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The installation of one DATA_DIR with its embedded database (DATABASE_URL empty: unset). */
const installation = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  JWT_SECRET: randomBytes(24).toString('hex'),
  DEMO: 'accounts',
  WORKER: 'false',
});

function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  );
}

it('backs up a running embedded installation and restores it into a new one, again only with --force', async () => {
  const running = await spawnServer(installation(source));
  servers.push(running);
  const made = await cli(['backup', '--to', backupDir], installation(source));
  expect(made).toMatchObject({ code: 0 });
  const manifest = JSON.parse(
    fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'),
  ) as Manifest;
  expect(manifest.tables.find((t) => t.table === 'users')?.rows).toBe(DEMO_USERS.length);
  expect(manifest.postgres).toMatch(/^18\./);
  await running.kill();

  expect(await cli(['restore', '--from', backupDir], installation(target))).toMatchObject({
    code: 0,
  });
  const again = await cli(['restore', '--from', backupDir], installation(target));
  expect(again.code).toBe(1);
  expect(again.output).toContain("The installation's database is not empty");
  // Told to, it replaces what is there.
  expect(
    await cli(['restore', '--from', backupDir, '--force'], installation(target)),
  ).toMatchObject({ code: 0 });

  const restored = await spawnServer(installation(target));
  servers.push(restored);
  // The demo accounts came back with their passwords (the seed did not run: the data was there).
  const member = await restored.login('member@example.org');
  expect((await member.get('/v2/auth/account')).body.email).toBe('member@example.org');
  expect(restored.output()).not.toContain('seeding demo data');
}, 180_000);

it('answers 2 with the usage for a command line it does not know', async () => {
  const wrong = await cli(['backup'], {});
  expect(wrong.code).toBe(2);
  expect(wrong.output).toContain('npm run backup -- --to DIR');
});
