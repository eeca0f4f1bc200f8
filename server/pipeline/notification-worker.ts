import type { DataSource } from 'typeorm';
import type { Logger } from '../app-context';
import type { Mailer } from '../mail/mailer';
import { sendDigest, sendNotificationMail } from '../domain/notifications/mail';
import { runNotificationTick } from '../domain/notifications/scheduled';
import type { RecordQueue } from './queue';

export interface NotificationWorkerDeps {
  db: DataSource;
  queue: RecordQueue;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  /** Schedule the minute tick (tests call runNotificationTick with their own clock instead). */
  schedule: boolean;
}

/**
 * Takes the notification jobs in this process: e-mails at once, digests and the minute tick. A
 * failed e-mail is logged and thrown back to the queue, which retries it.
 */
export async function startNotificationWorker(deps: NotificationWorkerDeps): Promise<void> {
  const logged =
    <T>(what: (job: T) => string, run: (job: T) => Promise<unknown>) =>
    async (job: T) => {
      try {
        await run(job);
      } catch (err) {
        deps.log.error(`${what(job)} failed; the queue retries it`, err);
        throw err;
      }
    };
  await deps.queue.workNotifications({
    mail: logged(
      (job) => `Notification e-mail ${job.notificationId}`,
      (job) => sendNotificationMail(deps, job.notificationId),
    ),
    digest: logged(
      (job) => `Digest of user ${job.userId} in institute ${job.instituteId}`,
      (job) => sendDigest(deps, job.userId, job.instituteId, new Date(job.upTo)),
    ),
    tick: () =>
      logged(
        () => 'The notification tick',
        () => runNotificationTick(deps, new Date()),
      )(undefined),
  });
  if (deps.schedule) await deps.queue.scheduleNotificationTick();
}
