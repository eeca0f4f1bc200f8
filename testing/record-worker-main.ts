// A worker that takes record-processing jobs and nothing else, in a process of its own, for the
// crash tests: `tsx testing/record-worker-main.ts` with a worker's environment (DATABASE_URL,
// DATA_DIR). It runs the product's record worker (server/pipeline/process-record.ts) as
// server/worker.ts does, but not the notification jobs: the e-mails its processing queues stay in
// the queue for another process, however long this one lives. Prints 'Record worker is
// processing records' once it takes jobs; runs until killed.
import 'reflect-metadata';
import { consoleLogger, createContext } from '../server/boot';
import { loadConfig } from '../server/config';
import { startRecordWorker } from '../server/pipeline/process-record';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL');
  const { ctx } = await createContext(config, config.databaseUrl, consoleLogger);
  await startRecordWorker(ctx);
  consoleLogger.info('Record worker is processing records');
}

main().catch((err: unknown) => {
  consoleLogger.error('Record worker could not start', err);
  process.exit(1);
});
