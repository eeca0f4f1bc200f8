import { writeRecordsWithEvents } from '../domain/monitoring/events';
import type { MailJobs } from '../domain/notifications/service';
import { processingFailed } from '../domain/notifications/triggers';
import { recordFailure } from '../domain/records/repository';
import { IsNull } from 'typeorm';
import { VialFormatError } from '../../shared/vial/errors';
import type { DataSource } from 'typeorm';
import type { Logger } from '../app-context';
import { storeChartSeries } from '../domain/records/series';
import { rejectionSettings, storedRejection } from '../domain/rejection/service';
import { TransitRecord } from '../entities/record';
import { BlobMissingError, type BlobStore } from '../storage/blob-store';
import type { MeasuredWithSeries, MetricsPool } from './metrics-pool';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { RecordQueue } from './queue';

/** What processing needs: the records, the runs they were stored as, threads to measure them. */
export interface ProcessingDeps {
  db: DataSource;
  blobs: BlobStore;
  metricsPool: MetricsPool;
  /** Where the e-mails of the notifications processing causes are queued, in its transaction. */
  queue: MailJobs;
}

/** What the worker needs besides: the queue it takes jobs from and a log for final failures. */
export interface WorkerDeps extends ProcessingDeps {
  queue: RecordQueue;
  log: Logger;
  metrics: ServerMetrics;
}

/** How processing a record ended: a record deleted since it was queued is 'gone'. */
export type ProcessingOutcome = 'processed' | 'failed' | 'gone';

/**
 * Computes everything vial-data.md section 3 defines for a record and marks it processed.
 * Idempotent: running it again yields the same row. A record that is processed already keeps the
 * error flags staff may have corrected; its metrics and rejection are refreshed.
 */
export async function processRecord(
  deps: ProcessingDeps,
  recordId: number,
): Promise<ProcessingOutcome> {
  const repo = deps.db.getRepository(TransitRecord);
  const record = await repo.findOneBy({ id: recordId });
  if (!record) return 'gone'; // deleted since it was queued
  let measured: MeasuredWithSeries;
  try {
    // Read from the store piece by piece through a metrics thread, series and all: never the whole
    // run in memory.
    measured = await deps.metricsPool.measure(await deps.blobs.pieces(record.sha256));
  } catch (err) {
    // Uploads are checked before they are stored, so this is a damaged blob: final, not retried.
    if (err instanceof VialFormatError) return markFailed(deps, recordId, err.message);
    if (err instanceof BlobMissingError)
      return markFailed(deps, recordId, 'the run file is missing from storage');
    throw err;
  }
  const { metrics, temperatureType: type, timeOutside: outside, seriesBodies } = measured;
  // Before the record shows as processed, so its charts never need the run parsed.
  await storeChartSeries(deps.db.manager, record, seriesBodies);
  const settings = await rejectionSettings(deps.db.manager, record.instituteId);
  // A record processed now enters its line's sequence: the rules judge it in the same transaction.
  await deps.db.transaction((manager) =>
    writeRecordsWithEvents(manager, deps.queue, [recordId], () =>
      manager.getRepository(TransitRecord).update(recordId, {
        metrics,
        auc: metrics.auc,
        ...storedRejection(metrics.auc, settings),
        duration: metrics.duration,
        temperatureType: type,
        outsideControlledSeconds: outside?.outside_controlled_seconds ?? null,
        outsideExcursionSeconds: outside?.outside_excursion_seconds ?? null,
        processingError: null,
        ...(!record.isProcessed && {
          noRunError: metrics.no_run_error,
          shortRunError: metrics.short_run_error,
          flatlineError: metrics.flatline_error,
          isProcessed: true,
        }),
      }),
    ),
  );
  return 'processed';
}

/**
 * Records why a record could not be processed, for good. The first failure of a record (it had
 * no error) notifies its institute in the same transaction; the same failure again does not.
 */
export async function markFailed(
  deps: Pick<ProcessingDeps, 'db' | 'queue'>,
  recordId: number,
  reason: string,
): Promise<'failed'> {
  await deps.db.transaction(async (manager) => {
    const failed = await recordFailure(manager, recordId, `Processing failed: ${reason}`);
    if (failed?.first) await processingFailed(manager, deps.queue, failed);
  });
  return 'failed';
}

/**
 * The worker loop body, as many jobs at once as the metrics pool has threads: retries transient
 * failures, records the reason on the last attempt.
 */
export async function startRecordWorker(deps: WorkerDeps): Promise<void> {
  await deps.queue.work(async ({ recordId }, lastAttempt) => {
    const timer = deps.metrics.processingSeconds.startTimer();
    try {
      timer({ outcome: await processRecord(deps, recordId) });
    } catch (err) {
      timer({ outcome: lastAttempt ? 'failed' : 'retried' });
      if (!lastAttempt) throw err;
      deps.log.error(`Giving up on record ${recordId}`, err);
      await markFailed(deps, recordId, err instanceof Error ? err.message : String(err));
    }
  }, deps.metricsPool.size);
}

/**
 * Queues every record that is neither processed nor failed and has no job: after a crash between
 * storing a record and queueing it, nothing stays unprocessed for ever. A record whose job is
 * waiting or held by a dead worker is left to that job (it expires and is retried), so no record
 * is processed twice.
 */
export async function requeueUnprocessed(deps: Pick<WorkerDeps, 'db' | 'queue'>): Promise<number> {
  const pending = await deps.db.getRepository(TransitRecord).find({
    select: { id: true },
    where: { isProcessed: false, processingError: IsNull() },
  });
  const queued = await deps.queue.recordsWithPendingJobs();
  const orphans = pending.filter(({ id }) => !queued.has(id));
  for (const { id } of orphans) await deps.queue.enqueue(id);
  return orphans.length;
}
