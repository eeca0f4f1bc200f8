import fs from 'node:fs';
import path from 'node:path';
import type { QueryRunner } from 'typeorm';
import type { Logger } from '../app-context';
import { appRoot, type Config } from '../config';
import { createDataSource } from '../db/data-source';
import { allowBlobRemoval, blockBlobRemoval, referencedBlobs } from '../domain/blobs/repository';
import { BlobMissingError, type BlobStore } from '../storage/blob-store';
import { openInstallation } from './installation';
import { ENCRYPTION, encryptStream, keyCheck } from './encryption';
import {
  BACKUP_FORMAT,
  blobPath,
  hashing,
  nameInBackup,
  privateFolder,
  writeHashed,
  writeManifest,
  type Manifest,
  type StoredBlob,
} from './manifest';
import { appliedMigrations, dumpTables, sequenceValues } from './table-dump';

export interface BackupOptions {
  /** A new or empty folder. */
  to: string;
  /** BACKUP_ENCRYPTION_KEY: every table file and blob is then encrypted (encryption.ts). */
  key?: Buffer;
  /** Called once the snapshot is taken (a test starts its concurrent work here). */
  onSnapshot?: () => Promise<void>;
}

async function emptyFolder(dir: string): Promise<void> {
  const entries = await fs.promises.readdir(dir).catch(() => [] as string[]);
  if (entries.length > 0) throw new Error(`${dir} is not empty: a backup goes into a new folder.`);
  await privateFolder(dir);
}

function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(appRoot(), 'package.json'), 'utf8'));
  return { name: pkg.name, version: pkg.version };
}

/**
 * Copies each blob into the backup (encrypted with `key` when given), checking on the way that
 * its content still has its name.
 */
async function copyBlobs(blobs: BlobStore, dir: string, shas: string[], log: Logger, key?: Buffer) {
  const copied: StoredBlob[] = [];
  const missing: string[] = [];
  for (const sha256 of shas) {
    let stored: StoredBlob;
    try {
      const file = blobPath(dir, sha256);
      if (key) {
        const content = hashing();
        const written = await writeHashed(
          await blobs.stream(sha256),
          file,
          content.stream,
          encryptStream(key, nameInBackup(dir, file)),
        );
        stored = { ...content.result(), file: written };
      } else {
        stored = await writeHashed(await blobs.stream(sha256), file);
      }
    } catch (err) {
      if (!(err instanceof BlobMissingError)) throw err;
      log.error(`Blob ${sha256} is referred to but missing from the store: not in the backup`);
      missing.push(sha256);
      continue;
    }
    if (stored.sha256 !== sha256) {
      throw new Error(
        `Blob ${sha256} in the store is damaged: its content hashes to ${stored.sha256}`,
      );
    }
    copied.push(stored);
  }
  return { copied, missing };
}

/** Everything of the backup read in the snapshot of `runner`'s open transaction. */
async function inSnapshot(
  runner: QueryRunner,
  store: BlobStore,
  { to, onSnapshot, key }: BackupOptions,
  log: Logger,
) {
  // The first query fixes the snapshot: the blob list, the rows and the migrations agree.
  const shas = await referencedBlobs(runner.manager);
  await onSnapshot?.();
  const blobs = await copyBlobs(store, to, shas, log, key);
  // Every blob the snapshot needs is copied: removals may go on.
  await allowBlobRemoval(runner.manager);
  const tables = await dumpTables(runner, to, key);
  const [{ version }] = await runner.query("SELECT current_setting('server_version') AS version");
  return {
    blobs,
    tables,
    postgres: version as string,
    migrations: await appliedMigrations(runner),
    sequences: await sequenceValues(runner),
  };
}

/**
 * A consistent backup of a running installation into `to`: the rows of every table and every
 * blob they refer to, all from one REPEATABLE READ snapshot, so an upload that commits during the
 * backup is either in it with its file or not at all. Blob removals (a deleted report …) wait
 * while blobs are copied, so no blob the snapshot still refers to goes missing. The manifest is
 * written last. Folders are 0700 and files 0600; with `key`, every file but the manifest is
 * encrypted.
 */
export async function backup(
  config: Config,
  log: Logger,
  options: BackupOptions,
): Promise<Manifest> {
  await emptyFolder(options.to);
  const installation = await openInstallation(config, log);
  const db = createDataSource(installation.databaseUrl, []);
  try {
    await db.initialize();
    const runner = db.createQueryRunner();
    try {
      await blockBlobRemoval(runner.manager);
      await runner.startTransaction('REPEATABLE READ');
      const taken = await inSnapshot(runner, installation.blobs, options, log);
      await runner.commitTransaction();
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        app: appVersion(),
        postgres: taken.postgres,
        migrations: taken.migrations,
        blobStore: config.blobStore.kind,
        tables: taken.tables,
        sequences: taken.sequences,
        blobs: taken.blobs.copied,
        missingBlobs: taken.blobs.missing,
        ...(options.key && {
          encryption: { algorithm: ENCRYPTION, keyCheck: keyCheck(options.key) },
        }),
      };
      await writeManifest(options.to, manifest);
      return manifest;
    } finally {
      await runner.release();
    }
  } finally {
    await db.destroy();
    await installation.close();
  }
}
