import 'reflect-metadata';
import { consoleLogger, createContext, startWorker } from './boot';
import { loadConfig } from './config';
import { ConfigError } from './environment';
import { freezePrototypes } from '../shared/runtime/freeze-prototypes';

/**
 * `npm run worker`: processes uploaded records, and sends notification e-mails and runs their
 * minute tick, in a process of its own (several may run, on several machines), against the database DATABASE_URL names. Blobs are read from the store the
 * servers use: BLOB_STORE_URL (an S3 bucket) or, on one machine, DATA_DIR/blobs.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error('Set DATABASE_URL: a separate worker needs the server’s database to reach.');
  }
  const { ctx, close } = await createContext(config, config.databaseUrl, consoleLogger);
  await startWorker(ctx);
  freezePrototypes();
  consoleLogger.info('Worker is processing records');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: finishing the jobs under way`);
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  consoleLogger.error('Worker could not start', err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
