import PgBoss from 'pg-boss';

export const PROCESS_RECORD = 'process-record';

export interface QueueOptions {
  /** An active job whose worker stops answering for this long is retried. */
  expireSeconds: number;
  /** How often the queue looks for expired jobs. */
  maintenanceSeconds: number;
}

export interface ProcessRecordJob {
  recordId: number;
}

/**
 * The PostgreSQL-backed job queue (pg-boss). A job claimed by a worker that crashes expires and
 * is retried; the 'stately' policy keeps at most one queued job per record.
 */
export class RecordQueue {
  /** The workers of this process, woken at once when this process queues a job. */
  private readonly localWorkers: string[] = [];
  /** Set once shutdown begins: connections dropping then are expected, not worth a log line. */
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: QueueOptions,
  ) {}

  static async start(databaseUrl: string, options: QueueOptions): Promise<RecordQueue> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      max: 4,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    const queue = new RecordQueue(boss, options);
    boss.on('error', (err: Error) => {
      if (!queue.stopping) console.error(`[vialqc] job queue error: ${err.message}`);
    });
    await boss.start();
    await boss.createQueue(PROCESS_RECORD, {
      name: PROCESS_RECORD,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: options.expireSeconds,
    });
    return queue;
  }

  async enqueue(recordId: number): Promise<void> {
    await this.boss.send(PROCESS_RECORD, { recordId } satisfies ProcessRecordJob, {
      singletonKey: `record-${recordId}`,
      expireInSeconds: this.options.expireSeconds,
    });
    for (const id of this.localWorkers) this.boss.notifyWorker(id);
  }

  /**
   * Runs `handler` for each job, up to `concurrency` jobs at once (one pg-boss worker each).
   * `lastAttempt` tells the handler that a failure now is final, so it can record the error on the
   * record instead of leaving it waiting.
   */
  async work(
    handler: (job: ProcessRecordJob, lastAttempt: boolean) => Promise<void>,
    concurrency = 1,
  ): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      const id: string = await this.boss.work<ProcessRecordJob>(
        PROCESS_RECORD,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          try {
            await handler(job.data, job.retryCount >= job.retryLimit);
          } finally {
            // A worker that just finished a job fetches the next at once: otherwise it waits out
            // the rest of its polling second, which was most of a short job's time in the queue.
            this.boss.notifyWorker(id);
          }
        },
      );
      this.localWorkers.push(id);
    }
  }

  /** Jobs waiting or due for a retry, and how long the oldest of them has waited. */
  async backlog(): Promise<{ depth: number; oldestSeconds: number }> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT count(*)::int AS depth,
              coalesce(extract(epoch FROM now() - min(created_on)), 0)::float AS oldest
         FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')`,
      [PROCESS_RECORD],
    );
    return { depth: rows[0].depth, oldestSeconds: rows[0].oldest };
  }

  /**
   * Records with a job waiting, due for a retry or held by a worker (a dead worker's job expires
   * and is retried): queueing them again would process them twice.
   */
  async recordsWithPendingJobs(): Promise<Set<number>> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT DISTINCT (data->>'recordId')::int AS id FROM pgboss.job
          WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [PROCESS_RECORD],
    );
    return new Set(rows.map((r: { id: number }) => r.id));
  }

  /** Claims a job without finishing it: what a worker that dies mid-job leaves behind (tests). */
  async claimAndAbandon(): Promise<number | undefined> {
    const [job] = (await this.boss.fetch<ProcessRecordJob>(PROCESS_RECORD)) ?? [];
    return job?.data.recordId;
  }

  /** Whether jobs are taken and sent: false once shutdown has begun. */
  get running(): boolean {
    return !this.stopping;
  }

  /** Called first thing on shutdown, before the database may already be going away. */
  beginShutdown(): void {
    this.stopping = true;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
  }
}
