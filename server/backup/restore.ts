import fs from 'node:fs';
import type { DataSource, MigrationInterface } from 'typeorm';
import type { Logger } from '../app-context';
import type { Config } from '../config';
import { createDataSource } from '../db/data-source';
import type { BlobStore } from '../storage/blob-store';
import { openInstallation } from './installation';
import { decryptStream, keyCheck } from './encryption';
import { blobPath, nameInBackup, readManifest, type Manifest } from './manifest';
import { appTables, loadTables } from './table-dump';
import { verifyBackup } from './verify';

export interface RestoreOptions {
  from: string;
  /** Replace whatever the installation's database holds (otherwise only an empty one is restored into). */
  force?: boolean;
  /** BACKUP_ENCRYPTION_KEY: needed for an encrypted backup (the manifest says whether it is). */
  key?: Buffer;
}

/** A restore refused before anything was changed (a damaged backup, a database with data). */
export class RestoreRefused extends Error {}

/**
 * Rows a migration itself writes are not data: which rows of such a table count (the peer
 * benchmarks' input version starts at 0 and only an installation's writes raise it).
 */
const DATA_ROWS: Readonly<Record<string, string>> = { benchmark_inputs: 'version <> 0' };

/** The app's tables that hold rows; none in an empty installation (never started, or only migrated). */
async function tablesWithRows(db: DataSource): Promise<string[]> {
  const runner = db.createQueryRunner();
  try {
    const filled: string[] = [];
    for (const table of await appTables(runner)) {
      const [{ any }] = await runner.query(
        `SELECT EXISTS (SELECT 1 FROM public."${table}" WHERE ${DATA_ROWS[table] ?? 'true'}) AS any`,
      );
      if (any) filled.push(table);
    }
    return filled;
  } finally {
    await runner.release();
  }
}

/**
 * Refuses a database with data, unless forced. Then drops the app's schema and the job queue:
 * whatever migrations an empty database had, it is built again to the backup's.
 */
async function emptyDatabase(url: string, force: boolean, log: Logger): Promise<void> {
  const db = createDataSource(url, []);
  await db.initialize();
  try {
    const filled = await tablesWithRows(db);
    if (filled.length > 0 && !force) {
      throw new RestoreRefused(
        `The installation's database is not empty (rows in ${filled.join(', ')}). ` +
          'Restore into an empty installation, or add --force to replace everything in it.',
      );
    }
    if (filled.length > 0) log.info(`--force: dropping the rows of ${filled.length} table(s)`);
    await db.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await db.query('DROP SCHEMA IF EXISTS public CASCADE');
    await db.query('CREATE SCHEMA public');
  } finally {
    await db.destroy();
  }
}

/**
 * Migrates the database to the backup's schema (the migrations it names, no later ones), so its
 * rows fit; the server's next start applies the newer migrations to them as to any database.
 */
async function migrateTo(url: string, names: string[]): Promise<DataSource> {
  const all = createDataSource(url);
  await all.initialize();
  const known = all.migrations;
  await all.destroy();
  const unknown = names.find((name, i) => known[i]?.name !== name);
  if (unknown) {
    throw new RestoreRefused(
      `The backup's schema has the migration ${unknown}, which this release does not have in that ` +
        'place: restore it with the release that made it (or a later one).',
    );
  }
  const classes = known
    .slice(0, names.length)
    .map((m) => m.constructor as new () => MigrationInterface);
  const db = createDataSource(url, classes);
  await db.initialize();
  await db.runMigrations();
  return db;
}

/**
 * Puts each blob back through the store's own path in; a blob stored already is kept. An
 * encrypted one is decrypted on the way, and committed only once its tag has been checked.
 */
async function restoreBlobs(
  blobs: BlobStore,
  dir: string,
  manifest: Manifest,
  log: Logger,
  key?: Buffer,
) {
  for (const { sha256 } of manifest.blobs) {
    const staged = blobs.stage();
    try {
      const file = blobPath(dir, sha256);
      const source = fs.createReadStream(file);
      const content = key ? source.pipe(decryptStream(key, nameInBackup(dir, file))) : source;
      // pipe() does not pass a read error on: the decryption's own failure (its tag) does end it.
      source.once('error', (err) => content.destroy(err));
      for await (const chunk of content) {
        await staged.write(chunk as Buffer);
      }
      const stored = await staged.finish();
      if (stored.sha256 !== sha256) throw new Error(`Blob ${sha256} changed while restoring`);
      await staged.commit();
    } catch (err) {
      await staged.discard();
      throw err;
    }
  }
  log.info(`Restored ${manifest.blobs.length} blob(s)`);
}

/**
 * The key an encrypted backup needs, checked against the manifest before anything is changed;
 * undefined for a backup in clear.
 */
function keyFor(manifest: Manifest, key: Buffer | undefined): Buffer | undefined {
  if (!manifest.encryption) return undefined;
  if (!key) {
    throw new RestoreRefused(
      'The backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.',
    );
  }
  if (keyCheck(key) !== manifest.encryption.keyCheck) {
    throw new RestoreRefused(
      'BACKUP_ENCRYPTION_KEY is not the key the backup was made with; nothing was restored.',
    );
  }
  return key;
}

/**
 * Restores a backup into the installation the configuration names (stop its servers first): the
 * backup is verified against its manifest, the database must be empty (or `force`), then the
 * blobs are stored, the schema is migrated to the backup's and the rows are loaded in one
 * transaction, so a failed load leaves the tables empty.
 */
export async function restore(
  config: Config,
  log: Logger,
  options: RestoreOptions,
): Promise<Manifest> {
  const manifest = await readManifest(options.from);
  const key = keyFor(manifest, options.key);
  const problems = await verifyBackup(options.from, manifest);
  if (problems.length > 0) {
    throw new RestoreRefused(
      `The backup does not match its manifest; nothing was restored:\n${problems.join('\n')}`,
    );
  }
  const installation = await openInstallation(config, log);
  try {
    await emptyDatabase(installation.databaseUrl, options.force ?? false, log);
    await restoreBlobs(installation.blobs, options.from, manifest, log, key);
    const db = await migrateTo(installation.databaseUrl, manifest.migrations);
    try {
      const runner = db.createQueryRunner();
      try {
        await runner.startTransaction();
        await loadTables(runner, options.from, manifest, key);
        await runner.commitTransaction();
      } catch (err) {
        await runner.rollbackTransaction();
        throw err;
      } finally {
        await runner.release();
      }
    } finally {
      await db.destroy();
    }
    return manifest;
  } finally {
    await installation.close();
  }
}
