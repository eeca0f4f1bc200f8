import type { DataSource } from 'typeorm';
import type { AccessTokens } from './auth/access-token';
import type { LoginThrottle } from './auth/login-throttle';
import type { Config } from './config';
import type { Mailer } from './mail/mailer';
import type { RunCache } from './pipeline/process-record';
import type { RecordQueue } from './pipeline/queue';
import type { BlobStore } from './storage/blob-store';

export interface Logger {
  info(message: string): void;
  error(message: string, err?: unknown): void;
}

/** What every router and service is handed: built once in main.ts (or by the test server). */
export interface AppContext {
  config: Config;
  db: DataSource;
  mailer: Mailer;
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  log: Logger;
  /** Raw vial files, content-addressed. */
  blobs: BlobStore;
  /** Parsed runs recently used for chart series. */
  runs: RunCache;
  queue: RecordQueue;
}
