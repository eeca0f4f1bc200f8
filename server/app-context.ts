import type { ServerMetrics } from './metrics/server-metrics';
import type { DataSource } from 'typeorm';
import type { AccessTokens } from './auth/access-token';
import type { AnswerCache } from './http/answer-cache';
import type { MfaTokens } from './auth/mfa-token';
import type { LoginThrottle } from './auth/login-throttle';
import type { Config } from './config';
import type { Mailer } from './mail/mailer';
import type { MetricsPool } from './pipeline/metrics-pool';
import type { RecordQueue } from './pipeline/queue';
import type { BlobStore } from './storage/blob-store';
import type { RunCache } from './storage/run-cache';

/** What a log line may carry besides its message: ids, names, figures; never secrets or values. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, err?: unknown, fields?: LogFields): void;
}

/**
 * What the process is built from, once in main.ts (or by the test server): routers and workers
 * take it and hand each domain service only the parts it names.
 */
export interface AppContext {
  config: Config;
  db: DataSource;
  mailer: Mailer;
  accessTokens: AccessTokens;
  /** The sign-in's second step (`mfa_token`). */
  mfaTokens: MfaTokens;
  throttle: LoginThrottle;
  /**
   * The clock second-factor codes are checked against: Date.now, which tests replace to step
   * through time instead of waiting for it.
   */
  now: () => number;
  log: Logger;
  /** Raw vial files, content-addressed. */
  blobs: BlobStore;
  /** Answers of institute reads kept while the institute is unchanged (http/answer-cache.ts). */
  answers: AnswerCache;
  /** Parsed runs recently used for chart series. */
  runs: RunCache;
  queue: RecordQueue;
  /** Threads that measure runs for the worker: WORKER_CONCURRENCY of them, started on first use. */
  metricsPool: MetricsPool;
  /** The figures /metrics serves (Prometheus). */
  metrics: ServerMetrics;
}
