import type { Server } from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import type { AppContext, Logger } from './app-context';
import { createApp } from './app';
import { answerClientErrors } from './http/client-errors';
import { processLogger } from './logging/logger';
import { gracefulCloser } from './http/graceful-close';
import { AccessTokens } from './auth/access-token';
import { LoginThrottle } from './auth/login-throttle';
import { MfaTokens } from './auth/mfa-token';
import type { Config } from './config';
import { createDataSource } from './db/data-source';
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded-postgres';
import { sealClearTotpSecrets } from './domain/auth/totp-at-rest';
import { seedDemoData } from './demo/seed';
import { fillMissingRejection } from './domain/rejection/service';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { requeueUnprocessed, startRecordWorker } from './pipeline/process-record';
import { countedMailer, ServerMetrics } from './metrics/server-metrics';
import { MetricsPool } from './pipeline/metrics-pool';
import { startLabFeedExpiryWorker } from './pipeline/lab-feed-expiry-worker';
import { startNotificationWorker } from './pipeline/notification-worker';
import { RecordQueue } from './pipeline/queue';
import { FileBlobStore, type BlobStore } from './storage/blob-store';
import { S3BlobStore, s3Client } from './storage/s3-blob-store';
import { RunCache } from './storage/run-cache';
import { AnswerCache } from './http/answer-cache';
import { auditKeeper } from './domain/audit/keeper';

export interface RunningServer {
  url: string;
  ctx: AppContext;
  stop: () => Promise<void>;
}

/** The process's log (JSON lines; readable in a terminal). */
export const consoleLogger: Logger = processLogger();

export const EMBEDDED_DATABASE = 'vialqc';

/** Staging files older than this are what a process killed mid-upload left: swept at start-up. */
const STAGING_MAX_AGE_MS = 60 * 60 * 1000;
/** Kept list answers: some two thousand pages of records (a page is ~15 KB, ~3 KB compressed). */
const KEPT_ANSWERS_BYTES = 32 * 1024 * 1024;

/**
 * The blob store the configuration names: DATA_DIR/blobs, or an S3 bucket (uploads staged under
 * DATA_DIR/blobs/staging either way). Stale staging files are swept before it is used.
 */
export async function createBlobStore(config: Config, log: Logger): Promise<BlobStore> {
  const local = path.join(config.dataDir, 'blobs');
  let blobs: BlobStore;
  if (config.blobStore.kind === 's3') {
    const { bucket, prefix, endpoint, region } = config.blobStore;
    const store = new S3BlobStore({
      bucket,
      prefix,
      stagingDir: path.join(local, 'staging'),
      client: s3Client({ endpoint, region }),
    });
    await store.check();
    log.info(`Blobs are stored in s3://${bucket}/${prefix}${endpoint ? ` at ${endpoint}` : ''}`);
    blobs = store;
  } else {
    blobs = new FileBlobStore(local);
  }
  const swept = await blobs.sweepStaging(STAGING_MAX_AGE_MS);
  if (swept) log.info(`Removed ${swept} staging file(s) of interrupted uploads`);
  return blobs;
}

/** The embedded cluster under DATA_DIR/postgres, with the app's database created on first start. */
export async function embeddedDatabase(config: Config, log: Logger) {
  log.info(`Starting the embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}`);
  const cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'));
  const admin = new Client({ connectionString: cluster.url() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
    EMBEDDED_DATABASE,
  ]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  await admin.end();
  return { url: cluster.url(EMBEDDED_DATABASE), cluster };
}

/**
 * Connects to the database (migrating it) and the job queue and builds the context every router,
 * service and worker is handed. `close` releases both, once the jobs under way have finished or
 * the grace period (SHUTDOWN_GRACE_SECONDS unless given) has passed (those still running are
 * handed back to the queue).
 */
export async function createContext(
  config: Config,
  databaseUrl: string,
  log: Logger,
): Promise<{ ctx: AppContext; close: (graceMs?: number) => Promise<void> }> {
  const blobs = await createBlobStore(config, log);
  const db = createDataSource(databaseUrl);
  await db.initialize();
  const ran = await db.runMigrations();
  if (ran.length) log.info(`Applied ${ran.length} migration(s)`);
  // What a frozen migration cannot do without the key (server/domain/auth/totp-at-rest.ts).
  await sealClearTotpSecrets(db, config.sso.secretKey, log);
  const queue = await RecordQueue.start(databaseUrl, {
    expireSeconds: config.jobExpireSeconds,
    maintenanceSeconds: config.jobMaintenanceSeconds,
  });
  const metrics = new ServerMetrics();
  metrics.watch(queue, db);
  const ctx: AppContext = {
    config,
    db,
    log,
    mailer: countedMailer(
      config.smtpUrl
        ? smtpMailer(config.smtpUrl)
        : outboxMailer(path.join(config.dataDir, 'outbox'), log.info),
      metrics,
    ),
    accessTokens: new AccessTokens(config.jwtSecret, config.accessTokenSeconds),
    mfaTokens: new MfaTokens(config.jwtSecret),
    throttle: new LoginThrottle(),
    now: Date.now,
    blobs,
    answers: new AnswerCache(KEPT_ANSWERS_BYTES),
    runs: new RunCache(blobs),
    queue,
    metricsPool: new MetricsPool(config.workerConcurrency),
    metrics,
  };
  return {
    ctx,
    close: async (graceMs = config.shutdownGraceSeconds * 1000) => {
      const handedBack = await queue.stop(graceMs);
      await ctx.metricsPool.close();
      if (handedBack > 0) {
        // Their transactions are still open on the pool: waiting for them would let them commit
        // work the queue has handed to another worker. The process exits without them, which
        // closes their connections, and PostgreSQL rolls the transactions back.
        log.info(`Handed ${handedBack} job(s) still under way back to the queue`);
        return;
      }
      await db.destroy();
      if (blobs instanceof S3BlobStore) blobs.destroy();
    },
  };
}

/**
 * Starts the record worker, the notification jobs (e-mails, digests, the minute tick) and the lab
 * feed's daily expiry, queues whatever a previous crash left unprocessed and stores the rejection
 * figures older records lack.
 */
export async function startWorker(ctx: AppContext): Promise<void> {
  await startRecordWorker(ctx);
  await startNotificationWorker({
    ...ctx,
    publicUrl: ctx.config.publicUrl,
    schedule: ctx.config.periodicJobs,
  });
  await startLabFeedExpiryWorker({ ...ctx, schedule: ctx.config.periodicJobs });
  const requeued = await requeueUnprocessed(ctx);
  if (requeued) ctx.log.info(`Queued ${requeued} unprocessed record(s)`);
  const filled = await fillMissingRejection(ctx);
  if (filled) ctx.log.info(`Stored each analyte's rejection for ${filled} older record(s)`);
}

/**
 * Brings the whole server up: database (external or embedded), migrations, demo data on an empty
 * database when asked, the worker, then HTTP. `stop` undoes it in reverse order.
 */
export async function startServer(
  config: Config,
  log: Logger = consoleLogger,
): Promise<RunningServer> {
  let cluster: EmbeddedCluster | undefined;
  let url = config.databaseUrl;
  if (!url) ({ url, cluster } = await embeddedDatabase(config, log));
  const { ctx, close } = await createContext(config, url, log);
  if (config.demo !== 'off') await seedDemoData(ctx, config.demo);
  if (config.worker) await startWorker(ctx);
  // Seals the audit trail every few seconds, checkpoints it hourly and as the server stops.
  const keeper = config.audit.keeper
    ? auditKeeper({ db: ctx.db, blobs: ctx.blobs, key: config.audit.key, log })
    : undefined;
  keeper?.start();

  const server: Server = await new Promise((resolve) => {
    const s = createApp(ctx).listen(config.port, () => resolve(s));
  });
  // Uploads stream for as long as they take; the desktop app sends no timeout either.
  server.requestTimeout = 0;
  answerClientErrors(server);
  const closeGracefully = gracefulCloser(server);
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://localhost:${port}`,
    ctx,
    stop: async () => {
      // One grace period for the whole stop: the jobs have been running beside the requests, so
      // they get what the requests left of it (the queue allows itself at least a second).
      const graceMs = config.shutdownGraceSeconds * 1000;
      const graceEnds = Date.now() + graceMs;
      ctx.queue.beginShutdown();
      await closeGracefully(graceMs);
      await keeper?.stop();
      await close(Math.max(0, graceEnds - Date.now()));
      await cluster?.stop();
    },
  };
}
