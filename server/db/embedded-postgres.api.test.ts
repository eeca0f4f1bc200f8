import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';

const root = path.resolve(__dirname, '..', '..');

/** A process that starts the embedded cluster in `dir`, as the server does at start-up. */
function holdCluster(dir: string): { process: ChildProcess; ready: Promise<string> } {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['server/db/testing/hold-embedded-cluster.ts', dir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) resolve(line.slice('ready '.length));
    });
    child.once('exit', (code) => reject(new Error(`Start failed (exit ${code}): ${errors}`)));
  });
  return { process: child, ready };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('starts after the previous server process was killed outright, stopping the cluster it left', async () => {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-orphan-'));
  const dir = path.join(top, 'cluster');
  const first = holdCluster(dir);
  await first.ready;
  first.process.kill('SIGKILL');
  await once(first.process, 'exit');
  const orphan = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(isRunning(orphan)).toBe(true); // the cluster outlived the process that started it

  const second = holdCluster(dir);
  try {
    const url = await second.ready;
    expect(isRunning(orphan)).toBe(false);
    const client = new Client({ connectionString: url });
    await client.connect();
    expect((await client.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    await client.end();
  } finally {
    const exited = once(second.process, 'exit');
    second.process.kill('SIGTERM');
    await exited;
    fs.rmSync(top, { recursive: true, force: true });
  }
});
