import type { DataSource } from 'typeorm';
import { revalidationDueDay } from '../../../shared/domain/notifications';
import { counted } from '../../../shared/domain/plural';
import { zonedDay } from '../../../shared/domain/time-zone';
import type { DigestJob, RecordQueue } from '../../pipeline/queue';
import { baselineValidationsSql } from '../baselines/repository';
import { notifyOnce } from './service';
import { links } from './triggers';

/** What the scheduled job needs: the rows, and the queue its e-mails and digests go on. */
export interface TickDeps {
  db: DataSource;
  queue: Pick<
    RecordQueue,
    'enqueueNotificationMails' | 'enqueueDigests' | 'notificationsWithPendingMail'
  >;
}

const DAY_MS = 86_400_000;

/** An e-mail still unsent this long after it was written has outlived its job's retries. */
const REQUEUE_AFTER_MS = 60 * 60_000;
/** … and is given up after this long. */
const REQUEUE_UNTIL_MS = 7 * DAY_MS;

/**
 * Lines whose baseline validation started 6 calendar months ago or more (on the institute's
 * calendar): `revalidation_due`, once per baseline. A new baseline is a new cause.
 */
export async function findRevalidationsDue(deps: TickDeps, now: Date): Promise<number> {
  const rows: {
    line_id: number;
    validation_id: number;
    validation_name: string;
    start_date: string;
    line_name: string;
    institute_id: number;
    timezone: string;
  }[] = await deps.db.query(
    `WITH base AS (${baselineValidationsSql('true')})
     SELECT base.line_id, base.validation_id, base.validation_name, base.start_date,
            l.name AS line_name, l.institute_id, i.timezone
       FROM base JOIN lines l ON l.id = base.line_id JOIN institutes i ON i.id = l.institute_id
      WHERE NOT l.archived AND NOT i.archived
        AND NOT EXISTS (SELECT 1 FROM notification_causes c
                         WHERE c.kind = 'revalidation_due'
                           AND c.subject = 'baseline:' || base.line_id || ':' || base.validation_id)
      ORDER BY base.line_id`,
  );
  let notified = 0;
  for (const row of rows) {
    if (zonedDay(now, row.timezone) < revalidationDueDay(row.start_date)) continue;
    const subject = `baseline:${row.line_id}:${row.validation_id}`;
    const done = await deps.db.transaction((manager) =>
      notifyOnce(manager, deps.queue, subject, {
        kind: 'revalidation_due',
        instituteId: row.institute_id,
        title:
          `${row.line_name} is due for re-validation: its baseline, ${row.validation_name}, ` +
          `started on ${row.start_date}`,
        link: links.lineMonitoring(row.line_id),
        lineId: row.line_id,
        validationId: row.validation_id,
        at: now,
      }),
    );
    if (done) notified++;
  }
  return notified;
}

/**
 * Active vials of institutes that watch them whose last upload there is `vial_silent_days` or
 * more ago: `vial_silent`, once per silence (keyed by that last upload, so the next upload ends
 * it). A vial that has never uploaded to its institute has no silence to measure.
 */
export async function findSilentVials(deps: TickDeps, now: Date): Promise<number> {
  const rows: {
    vial_id: number;
    label: string;
    institute_id: number;
    record_id: number;
    upload_date: Date;
  }[] = await deps.db.query(
    `SELECT v.id AS vial_id, v.label, v.institute_id, last.id AS record_id, last.upload_date
       FROM vials v
       JOIN institutes i ON i.id = v.institute_id
       CROSS JOIN LATERAL (
         SELECT r.id, r.upload_date FROM records r
          WHERE r.vial_id = v.id AND r.institute_id = v.institute_id
          ORDER BY r.upload_date DESC, r.id DESC LIMIT 1) last
      WHERE NOT v.is_deleted AND NOT i.archived AND i.vial_silent_days IS NOT NULL
        AND last.upload_date <= $1::timestamptz - make_interval(days => i.vial_silent_days)
        AND NOT EXISTS (SELECT 1 FROM notification_causes c
                         WHERE c.kind = 'vial_silent'
                           AND c.subject = 'silence:' || v.id || ':' || last.id)
      ORDER BY v.id`,
    [now],
  );
  let notified = 0;
  for (const row of rows) {
    const days = Math.floor((now.getTime() - new Date(row.upload_date).getTime()) / DAY_MS);
    const done = await deps.db.transaction((manager) =>
      notifyOnce(manager, deps.queue, `silence:${row.vial_id}:${row.record_id}`, {
        kind: 'vial_silent',
        instituteId: row.institute_id,
        title: `Vial ${row.label} has not uploaded for ${counted(days, 'day', 'days')}`,
        link: links.record(row.record_id),
        vialId: row.vial_id,
        recordId: row.record_id,
        at: now,
      }),
    );
    if (done) notified++;
  }
  return notified;
}

/** Each user and institute with digest notifications due by `now`: a digest job each. */
export async function queueDueDigests(deps: TickDeps, now: Date): Promise<DigestJob[]> {
  const rows: { user_id: number; institute_id: number }[] = await deps.db.query(
    `SELECT DISTINCT user_id, institute_id FROM notifications
      WHERE email = 'digest' AND emailed_at IS NULL AND digest_at <= $1
      ORDER BY user_id, institute_id`,
    [now],
  );
  const jobs = rows.map((r) => ({
    userId: r.user_id,
    instituteId: r.institute_id,
    upTo: now.toISOString(),
  }));
  await deps.queue.enqueueDigests(jobs);
  return jobs;
}

/**
 * E-mails at once still unsent an hour on whose job gave up (the mail server was away for its
 * retries): queued again, for a week.
 */
export async function requeueUnsentMails(deps: TickDeps, now: Date): Promise<number> {
  const rows: { id: number }[] = await deps.db.query(
    `SELECT id FROM notifications
      WHERE email = 'immediate' AND emailed_at IS NULL AND created_at BETWEEN $1 AND $2
      ORDER BY id`,
    [new Date(now.getTime() - REQUEUE_UNTIL_MS), new Date(now.getTime() - REQUEUE_AFTER_MS)],
  );
  const pending = await deps.queue.notificationsWithPendingMail();
  const orphans = rows.map((r) => r.id).filter((id) => !pending.has(id));
  await deps.queue.enqueueNotificationMails(deps.db.manager, orphans);
  return orphans.length;
}

export interface TickResult {
  revalidationDue: number;
  vialSilent: number;
  digests: DigestJob[];
  requeuedMails: number;
}

/**
 * The scheduled job (every minute, in one process of all that share the database): the
 * time-based kinds, the digests due, and e-mails that outlived their retries. `now` is the
 * clock it judges by (tests set it).
 */
export async function runNotificationTick(deps: TickDeps, now = new Date()): Promise<TickResult> {
  return {
    revalidationDue: await findRevalidationsDue(deps, now),
    vialSilent: await findSilentVials(deps, now),
    digests: await queueDueDigests(deps, now),
    requeuedMails: await requeueUnsentMails(deps, now),
  };
}
