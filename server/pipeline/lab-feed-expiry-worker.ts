import type { DataSource } from 'typeorm';
import type { Logger } from '../app-context';
import { deleteExpiredMessages } from '../domain/lab-feed/operations';
import type { RecordQueue } from './queue';

export interface LabFeedExpiryWorkerDeps {
  db: DataSource;
  queue: RecordQueue;
  log: Logger;
  /** Schedule the daily job (tests call deleteExpiredMessages with their own clock instead). */
  schedule: boolean;
}

/**
 * Takes the lab feed's daily job in this process: rejected messages keep their extract 30 days
 * (lab-feed.md section 8), then it deletes them (their counts stay). Scheduled in the database
 * (pg-boss), so however many servers and workers share it, one runs it a day; a failure is logged
 * and thrown back to the queue, which retries it.
 */
export async function startLabFeedExpiryWorker(deps: LabFeedExpiryWorkerDeps): Promise<void> {
  await deps.queue.workLabFeedExpiry(async () => {
    try {
      const count = await deleteExpiredMessages(deps.db, new Date());
      if (count) deps.log.info('Deleted expired rejected lab-feed messages', { count });
    } catch (err) {
      deps.log.error('The lab feed expiry failed; the queue retries it', err);
      throw err;
    }
  });
  if (deps.schedule) await deps.queue.scheduleLabFeedExpiry();
}
