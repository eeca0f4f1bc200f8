import { IsNull } from 'typeorm';
import { computeMetrics } from '../../shared/vial/metrics';
import { parseRun, type Run } from '../../shared/vial/dat';
import { VialFormatError } from '../../shared/vial/errors';
import { temperatureType, timeOutsideLimits } from '../../shared/vial/temperature';
import type { AppContext } from '../app-context';
import { TransitRecord } from '../entities/record';
import type { BlobStore } from '../storage/blob-store';
import { recordRejectionPercent } from './rejection';

/** Parsed runs of the last few records opened, so switching chart tabs does not re-read files. */
export class RunCache {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly capacity = 4,
  ) {}

  async get(sha256: string): Promise<Run> {
    const cached = this.runs.get(sha256);
    if (cached) {
      this.runs.delete(sha256);
      this.runs.set(sha256, cached);
      return cached;
    }
    const run = parseRun(await this.blobs.read(sha256));
    this.runs.set(sha256, run);
    if (this.runs.size > this.capacity) this.runs.delete(this.runs.keys().next().value!);
    return run;
  }

  clear(): void {
    this.runs.clear();
  }
}

/**
 * Computes everything vial-data.md section 3 defines for a record and marks it processed.
 * Idempotent: running it again yields the same row. A record that is processed already keeps the
 * error flags staff may have corrected; its metrics and rejection are refreshed.
 */
export async function processRecord(ctx: AppContext, recordId: number): Promise<void> {
  const repo = ctx.db.getRepository(TransitRecord);
  const record = await repo.findOneBy({ id: recordId });
  if (!record) return; // deleted since it was queued
  let run: Run;
  try {
    run = await ctx.runs.get(record.sha256);
  } catch (err) {
    // Uploads are checked before they are stored, so this is a damaged blob: final, not retried.
    if (err instanceof VialFormatError) return markFailed(ctx, recordId, err.message);
    throw err;
  }
  const metrics = computeMetrics(run);
  const mkt = metrics.mean_kinetic_temperature;
  const type = mkt === null ? null : temperatureType(mkt);
  const outside = type ? timeOutsideLimits(run, type) : null;
  const rejection = await recordRejectionPercent(ctx.db.manager, record.instituteId, metrics.auc);
  await repo.update(recordId, {
    metrics,
    auc: metrics.auc,
    rejection,
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
  });
}

export async function markFailed(ctx: AppContext, recordId: number, reason: string) {
  await ctx.db
    .getRepository(TransitRecord)
    .update(recordId, { processingError: `Processing failed: ${reason}` });
}

/** The worker loop body: retries transient failures, records the reason on the last attempt. */
export async function startRecordWorker(ctx: AppContext): Promise<void> {
  await ctx.queue.work(async ({ recordId }, lastAttempt) => {
    try {
      await processRecord(ctx, recordId);
    } catch (err) {
      if (!lastAttempt) throw err;
      ctx.log.error(`Giving up on record ${recordId}`, err);
      await markFailed(ctx, recordId, err instanceof Error ? err.message : String(err));
    }
  });
}

/**
 * Queues every record that is neither processed nor failed: after a crash between storing a
 * record and queueing it, nothing stays unprocessed for ever. Queueing twice is harmless.
 */
export async function requeueUnprocessed(ctx: AppContext): Promise<number> {
  const pending = await ctx.db.getRepository(TransitRecord).find({
    select: { id: true },
    where: { isProcessed: false, processingError: IsNull() },
  });
  for (const { id } of pending) await ctx.queue.enqueue(id);
  return pending.length;
}
