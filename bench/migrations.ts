import path from 'node:path';
import { Client } from 'pg';
import type { MigrationInterface } from 'typeorm';
import { restore } from '../server/backup/restore';
import { loadConfig } from '../server/config';
import { createDataSource } from '../server/db/data-source';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { RELEASE_DIR } from '../testing/release';
import { timed } from './timing';

/** A table this big is one whose lock clients notice. */
const BIG_TABLE_ROWS = 100_000;
/** A lock that blocks writes to a big table for longer than this is flagged. */
const LONG_LOCK_MS = 1_000;
/** Lock modes that block writers (and, AccessExclusive, readers too). */
const BLOCKING = ['ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock'];

/** One migration as it ran on the big database: its time and the table locks it held. */
interface MigrationRun {
  name: string;
  ms: number;
  /** The big tables it locked against writers, with the strongest mode. */
  blocking: { table: string; mode: string }[];
}

/**
 * `records` repeated from the release's own rows up to `count`, by SQL at the release's schema
 * (whatever its columns are then): new sha256 and dates spread over three years, so the
 * indexes see distinct values.
 */
async function growRecords(pg: Client, count: number): Promise<void> {
  const { rows } = await pg.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'records'
        AND column_name NOT IN ('id', 'sha256', 'date') ORDER BY ordinal_position`,
  );
  const columns = rows.map((r) => `"${r.column_name}"`).join(', ');
  const [{ n }] = (await pg.query('SELECT count(*)::int AS n FROM records')).rows;
  await pg.query(
    `INSERT INTO records (${columns}, sha256, date)
     SELECT ${columns}, md5(g::text || r.id || 'bench') || md5(g::text || 'migrations'),
            now() - interval '1095 days' * random()
     FROM records r, generate_series(1, $1::int) g`,
    [Math.ceil(count / n)],
  );
  await pg.query('VACUUM ANALYZE');
}

/** The tables holding more than BIG_TABLE_ROWS rows. */
async function bigTables(pg: Client): Promise<Set<string>> {
  const { rows } = await pg.query(
    `SELECT relname FROM pg_class WHERE relkind = 'r' AND reltuples > $1`,
    [BIG_TABLE_ROWS],
  );
  return new Set(rows.map((r) => r.relname as string));
}

/**
 * Restores the previous release's installation (server/db/previous-release), grows its records
 * to `count` and runs this release's newer migrations on it one at a time, each in its own
 * transaction as the server runs them: each one's time and the locks it held on big tables until
 * its commit. A migration that blocks writers of a big table for over LONG_LOCK_MS is flagged.
 */
export async function benchMigrations(dir: string, count: number): Promise<void> {
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const quiet = { info: () => undefined, error: () => undefined };
  try {
    await restore(loadConfig({ DATABASE_URL: cluster.url(), DATA_DIR: dir }), quiet, {
      from: path.join(RELEASE_DIR, 'backup'),
      force: true,
    });
    const pg = new Client({ connectionString: cluster.url() });
    await pg.connect();
    const [, growMs] = await timed(() => growRecords(pg, count));
    const big = await bigTables(pg);
    console.log(
      `  the previous release's installation with ${count.toLocaleString('en')} records ` +
        `(grown by SQL in ${(growMs / 1000).toFixed(1)} s); big tables: ${[...big].join(', ')}`,
    );
    await pg.end();

    const db = createDataSource(cluster.url());
    await db.initialize();
    const done = new Set(
      ((await db.query('SELECT name FROM migrations')) as { name: string }[]).map((m) => m.name),
    );
    const runs: MigrationRun[] = [];
    for (const migration of db.migrations.filter((m) => !done.has(m.name!))) {
      runs.push(await runOne(db.createQueryRunner(), migration, big));
    }
    await db.destroy();
    printMigrations(runs);
  } finally {
    await cluster.stop();
  }
}

/** Runs one migration in a transaction, reading the locks it holds just before its commit. */
async function runOne(
  runner: ReturnType<ReturnType<typeof createDataSource>['createQueryRunner']>,
  migration: MigrationInterface,
  big: Set<string>,
): Promise<MigrationRun> {
  await runner.startTransaction();
  try {
    const [locks, ms] = await timed(async () => {
      await migration.up(runner);
      const held: { table: string; mode: string }[] = await runner.query(
        `SELECT c.relname AS "table", l.mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = pg_backend_pid() AND l.granted AND c.relkind = 'r'`,
      );
      const [name, timestamp] = [migration.name!, Number(migration.name!.match(/\d+$/)![0])];
      await runner.query('INSERT INTO migrations ("timestamp", name) VALUES ($1, $2)', [
        timestamp,
        name,
      ]);
      return held;
    });
    await runner.commitTransaction();
    const blocking = locks.filter((l) => big.has(l.table) && BLOCKING.includes(l.mode));
    return { name: migration.name!, ms, blocking };
  } catch (err) {
    await runner.rollbackTransaction();
    throw err;
  } finally {
    await runner.release();
  }
}

function printMigrations(runs: MigrationRun[]): void {
  console.log('| migration | time | locks blocking writers of big tables, held to its commit | |');
  console.log('|---|---|---|---|');
  for (const run of runs) {
    const locks = run.blocking.map((l) => `${l.table} ${l.mode}`).join(', ') || 'none';
    const flag = run.blocking.length > 0 && run.ms > LONG_LOCK_MS ? 'LONG LOCK' : 'ok';
    console.log(`| ${run.name} | ${(run.ms / 1000).toFixed(2)} s | ${locks} | ${flag} |`);
  }
}
