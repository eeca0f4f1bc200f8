import PgBoss from 'pg-boss';

export const PROCESS_RECORD = 'process-record';
/** One notification's e-mail at once (line-monitoring.md §4). */
export const NOTIFICATION_MAIL = 'notification-mail';
/** One user's daily digest of one institute. */
export const NOTIFICATION_DIGEST = 'notification-digest';
/** The scheduled look for time-based notifications and due digests. */
export const NOTIFICATION_TICK = 'notification-tick';
/** Every minute: a digest goes within the minute of 07:00, whatever the zone's offset. */
export const NOTIFICATION_TICK_CRON = '* * * * *';
/** The lab feed's daily deletion of rejected messages whose extract expired (lab-feed.md §8). */
export const LAB_FEED_EXPIRY = 'lab-feed-expiry';
/** Daily, at 03:10 UTC. */
export const LAB_FEED_EXPIRY_CRON = '10 3 * * *';

export interface QueueOptions {
  /** An active job whose worker stops answering for this long is retried. */
  expireSeconds: number;
  /** How often the queue looks for expired jobs. */
  maintenanceSeconds: number;
}

export interface ProcessRecordJob {
  recordId: number;
}

export interface NotificationMailJob {
  notificationId: number;
}

export interface DigestJob {
  userId: number;
  instituteId: number;
  /** The digest holds what was due by then (ISO instant). */
  upTo: string;
}

/** The notification jobs' handlers (server/pipeline/notification-worker.ts). */
export interface NotificationHandlers {
  mail: (job: NotificationMailJob) => Promise<void>;
  digest: (job: DigestJob) => Promise<void>;
  tick: () => Promise<void>;
}

/** SQL run in the caller's transaction (a TypeORM EntityManager's `query` fits). */
export interface Transaction {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** Mail jobs retry for about half an hour (30 s, doubling) before they give up. */
const MAIL_QUEUE = { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };

/**
 * The PostgreSQL-backed job queue (pg-boss): record processing, and the e-mails and scheduled tick
 * of notifications. A job claimed by a worker that crashes expires and is retried; the 'stately'
 * policy keeps at most one queued job per record (per notification, per digest).
 */
export class RecordQueue {
  /** The workers of this process, woken at once when this process queues a job. */
  private readonly localWorkers: string[] = [];
  /** Set once shutdown begins: connections dropping then are expected, not worth a log line. */
  private stopping = false;
  /** Jobs whose handler runs in this process now. */
  private underWay = 0;

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
    // One job per notification or digest waiting at a time (its singleton key): queued again,
    // as the tick does for e-mails still unsent, it is not queued twice.
    for (const name of [NOTIFICATION_MAIL, NOTIFICATION_DIGEST]) {
      await boss.createQueue(name, { name, policy: 'stately', ...MAIL_QUEUE });
    }
    // One tick runs at a time and one more waits (a slow tick does not pile up minutes); one
    // that fails is not retried: the next minute's does the same.
    await boss.createQueue(NOTIFICATION_TICK, {
      name: NOTIFICATION_TICK,
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 300,
    });
    // One daily expiry at a time; a failed one is tried again a few times within the hour.
    await boss.createQueue(LAB_FEED_EXPIRY, {
      name: LAB_FEED_EXPIRY,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 600,
      expireInSeconds: 900,
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
   * One job's work, counted as under way (what `stop` hands back), then the pg-boss worker
   * `workerId()` is woken to fetch the next job at once: otherwise it waits out the rest of its
   * polling second, which was most of a short job's time in the queue.
   */
  private async runJob(workerId: () => string, work: () => Promise<void>): Promise<void> {
    this.underWay += 1;
    try {
      await work();
    } finally {
      this.underWay -= 1;
      this.boss.notifyWorker(workerId());
    }
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
        ([job]) =>
          this.runJob(
            () => id,
            () => handler(job.data, job.retryCount >= job.retryLimit),
          ),
      );
      this.localWorkers.push(id);
    }
  }

  /**
   * Queues the e-mails of these notifications in the caller's transaction (pg-boss's `db`
   * option): they exist exactly when the notifications do, whatever happens to the process.
   */
  async enqueueNotificationMails(tx: Transaction, notificationIds: number[]): Promise<void> {
    if (!notificationIds.length) return;
    const db = {
      executeSql: async (text: string, values: unknown[]) => ({
        rows: (await tx.query(text, values)) as unknown[],
      }),
    };
    await this.boss.insert(
      notificationIds.map((id) => ({
        name: NOTIFICATION_MAIL,
        data: { notificationId: id } satisfies NotificationMailJob,
        singletonKey: `notification-${id}`,
      })),
      { db },
    );
  }

  /** Queues digests (outside any transaction: the rows they send stay until sent). */
  async enqueueDigests(jobs: DigestJob[]): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(
      jobs.map((data) => ({
        name: NOTIFICATION_DIGEST,
        data,
        singletonKey: `digest-${data.userId}-${data.instituteId}`,
      })),
    );
  }

  /** Takes notification jobs in this process (one at a time each: e-mails are few). */
  async workNotifications(handlers: NotificationHandlers): Promise<void> {
    const work = async <T extends object>(name: string, handle: (data: T) => Promise<void>) => {
      const id: string = await this.boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        ([job]) =>
          this.runJob(
            () => id,
            () => handle(job.data),
          ),
      );
    };
    await work<NotificationMailJob>(NOTIFICATION_MAIL, handlers.mail);
    await work<DigestJob>(NOTIFICATION_DIGEST, handlers.digest);
    await work(NOTIFICATION_TICK, () => handlers.tick());
  }

  /**
   * Runs the tick every minute. pg-boss keeps the schedule in the database and lets one process
   * a minute queue it, and one worker takes each job: several servers and workers sharing the
   * database tick once.
   */
  async scheduleNotificationTick(): Promise<void> {
    await this.boss.schedule(NOTIFICATION_TICK, NOTIFICATION_TICK_CRON);
  }

  /** Takes the lab feed's daily expiry in this process. */
  async workLabFeedExpiry(handler: () => Promise<void>): Promise<void> {
    const id: string = await this.boss.work(
      LAB_FEED_EXPIRY,
      { batchSize: 1, pollingIntervalSeconds: 60 },
      () => this.runJob(() => id, handler),
    );
  }

  /** Runs the lab feed's expiry daily (scheduled in the database as the tick is: once). */
  async scheduleLabFeedExpiry(): Promise<void> {
    await this.boss.schedule(LAB_FEED_EXPIRY, LAB_FEED_EXPIRY_CRON);
  }

  /** Notifications whose e-mail job is waiting, due for a retry or under way. */
  async notificationsWithPendingMail(): Promise<Set<number>> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT (data->>'notificationId')::int AS id FROM pgboss.job
          WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [NOTIFICATION_MAIL],
    );
    return new Set(rows.map((r: { id: number }) => r.id));
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

  /**
   * Takes no more jobs and waits up to `graceMs` for those under way. Any still running then are
   * handed back: failed with "pg-boss shut down while active", so they are retried (by another
   * worker, or this one after a restart). Answers how many were handed back; their handlers must
   * not commit after this, which the caller ensures by not waiting for them.
   */
  async stop(graceMs: number): Promise<number> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, close: true, wait: true, timeout: graceMs });
    return this.underWay;
  }
}
