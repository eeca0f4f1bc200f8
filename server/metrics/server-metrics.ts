import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Mailer } from '../mail/mailer';
import type { RecordQueue } from '../pipeline/queue';

/** Seconds buckets from a cached chart (milliseconds) to a long upload (a minute). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What the pool of a TypeORM data source on `pg` exposes (not part of TypeORM's types). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The figures an operator watches (README, "Operating VialQC"), in the Prometheus format: one
 * registry per running server, so two servers in one process (the tests) never share counts.
 * Node's own figures (event-loop lag, heap, CPU) come with prom-client's defaults.
 */
export class ServerMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'vialqc_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpSeconds = new Histogram({
    name: 'vialqc_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: 'vialqc_upload_bytes_total',
    help: 'Bytes of run files received (stored or refused)',
    registers: [this.registry],
  });

  readonly processingSeconds = new Histogram({
    name: 'vialqc_processing_duration_seconds',
    help: 'Time to process one record, by outcome (processed, failed, retried, gone)',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly mails = new Counter({
    name: 'vialqc_mails_total',
    help: 'E-mails handed to the mail server, by outcome (sent, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly labFeedMessages = new Counter({
    name: 'vialqc_lab_feed_messages_total',
    help: 'Lab feed messages and bundles received, by source (hl7, fhir) and outcome',
    labelNames: ['source', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly labFeedResults = new Counter({
    name: 'vialqc_lab_feed_results_total',
    help: 'Lab feed results received, by state (filed, pending, ignored)',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Every outcome is exported from the start, at zero: an alert on the rate of failures needs
    // the series before the first failure, or it stays silent exactly when it should fire.
    for (const outcome of ['processed', 'failed', 'retried', 'gone'])
      this.processingSeconds.zero({ outcome });
    for (const outcome of ['sent', 'failed']) this.mails.inc({ outcome }, 0);
    for (const source of ['hl7', 'fhir'])
      for (const outcome of ['accepted', 'duplicate', 'rejected', 'test'])
        this.labFeedMessages.inc({ source, outcome }, 0);
    for (const state of ['filed', 'pending', 'ignored']) this.labFeedResults.inc({ state }, 0);
  }

  /** The figures read when scraped: the job queue's backlog and the database pool. */
  watch(queue: RecordQueue, db: DataSource): void {
    const registers = [this.registry];
    new Gauge({
      name: 'vialqc_queue_depth',
      help: 'Processing jobs waiting or due for a retry',
      registers,
      async collect() {
        this.set((await queue.backlog()).depth);
      },
    });
    new Gauge({
      name: 'vialqc_queue_oldest_job_age_seconds',
      help: 'Age of the oldest processing job still waiting (0 when none)',
      registers,
      async collect() {
        this.set((await queue.backlog()).oldestSeconds);
      },
    });
    const pool = () => (db.driver as unknown as { master: PgPool }).master;
    new Gauge({
      name: 'vialqc_db_pool_connections',
      help: 'Database pool connections, by state (idle, busy, waiting for one)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { totalCount, idleCount, waitingCount } = pool();
        this.set({ state: 'idle' }, idleCount);
        this.set({ state: 'busy' }, totalCount - idleCount);
        this.set({ state: 'waiting' }, waitingCount);
      },
    });
  }
}

/** The mailer, counting what it sends and what fails. */
export function countedMailer(mailer: Mailer, metrics: ServerMetrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mails.inc({ outcome: 'sent' });
      } catch (err) {
        metrics.mails.inc({ outcome: 'failed' });
        throw err;
      }
    },
  };
}
