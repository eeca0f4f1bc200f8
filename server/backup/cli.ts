import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { commandLogger } from '../logging/logger';
import { loadConfig } from '../config';
import { readEnvironment } from '../environment';
import { backup } from './backup';
import { restore } from './restore';
import { verifyBackup } from './verify';

/**
 * `npm run backup -- --to DIR`, `npm run restore -- --from DIR [--force]` and
 * `npm run backup:verify -- DIR`, on the installation the environment names (as the server reads
 * it: DATA_DIR, DATABASE_URL, BLOB_STORE_URL …), encrypted with BACKUP_ENCRYPTION_KEY when it is
 * set. Exit codes: 0 done, 1 failed or refused (or, for
 * verify, the backup differs from its manifest), 2 a wrong command line.
 */
const USAGE = [
  'npm run backup -- --to DIR',
  'npm run restore -- --from DIR [--force]',
  'npm run backup:verify -- DIR',
].join('\n');

class UsageError extends Error {}

/**
 * BACKUP_ENCRYPTION_KEY (32 bytes, hex or base64): a backup is then encrypted, and a restore of
 * an encrypted one needs it. `backup:verify` does not: it rehashes the files as they are.
 */
const backupKey = (): Buffer | undefined => readEnvironment(process.env).BACKUP_ENCRYPTION_KEY;

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

async function main(command: string | undefined, args: string[]): Promise<number> {
  const log = commandLogger;
  if (command === 'backup') {
    const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
    const to = required(values.to, '--to DIR');
    const manifest = await backup(loadConfig(), log, { to, key: backupKey() });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log.info(`Backed up ${rows} rows and ${manifest.blobs.length} blob(s) into ${to}`);
    if (manifest.missingBlobs.length > 0) {
      log.error(`${manifest.missingBlobs.length} blob(s) were already missing from the store`);
    }
    return 0;
  }
  if (command === 'restore') {
    const { values } = parseArgs({
      args,
      options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
    });
    const from = required(values.from, '--from DIR');
    await restore(loadConfig(), log, { from, force: values.force, key: backupKey() });
    log.info(`Restored ${from}; start the server to apply newer migrations, if any`);
    return 0;
  }
  if (command === 'verify') {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    const dir = required(positionals[0], 'the backup folder');
    const problems = await verifyBackup(dir);
    for (const problem of problems) log.error(problem);
    if (problems.length > 0) return 1;
    log.info(`${dir} matches its manifest`);
    return 0;
  }
  throw new UsageError(`Unknown command ${command ?? '(none)'}.`);
}

main(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\nUsage:\n${USAGE}`);
      process.exit(2);
    }
    // A refusal or failure says all in its message (a bad variable names itself): no stack.
    commandLogger.error('Failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
