import 'reflect-metadata';
import { consoleLogger, startServer } from './boot';
import { loadConfig } from './config';
import { ConfigError } from './environment';
import { freezePrototypes } from '../shared/runtime/freeze-prototypes';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  // Every library the server uses is loaded by now; no request may change shared prototypes.
  freezePrototypes();
  consoleLogger.info(`VialQC is running at ${config.publicUrl} (API: ${server.url}/v2)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: shutting down`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  // A configuration refusal names its variables: its message says all, no stack needed.
  consoleLogger.error('Could not start', err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
