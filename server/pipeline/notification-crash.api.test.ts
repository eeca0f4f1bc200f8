import type { DataSource } from 'typeorm';
import { parseRun } from '../../shared/vial/dat';
import { computeMetrics } from '../../shared/vial/metrics';
import { simulateRun } from '../../shared/vial/simulate';
import { expected } from '../../shared/vial/testing/fixtures';
import { createTestDatabase } from '../../testing/database';
import { insertMonitoredLine } from '../../testing/lines';
import { MailCatcher } from '../../testing/mail-catcher';
import {
  processEnv,
  spawnRecordWorker,
  spawnServer,
  spawnWorker,
  tempDataDir,
  waitFor,
  watchDatabase,
  type Spawned,
} from '../../testing/processes';
import { registerFixtureVials, runForm } from '../../testing/records';
import { createDataSource } from '../db/data-source';
import { NOTIFICATION_MAIL } from './queue';

/**
 * No notification e-mail is lost when the worker that caused it dies (line-monitoring.md §4): the
 * notification and its e-mail job are committed in the processing transaction, so a worker killed
 * with SIGKILL after that commit and before the e-mail went leaves the job to the next worker,
 * which sends it exactly once to the real SMTP listener and records it sent.
 *
 * The kill lands in that window by construction, not by timing: the worker that processes the
 * record is testing/record-worker-main.ts, the product's record worker without the notification
 * jobs, so nothing polls the mail queue while it lives (the API server runs no worker). The test
 * awaits the processing job's completion and the notification rows, sees the mail jobs waiting
 * and the listener empty, kills that worker, then starts a real one (server/worker.ts).
 */
jest.setTimeout(300_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Awaited<ReturnType<typeof watchDatabase>>;
let rows: DataSource;
const mail = new MailCatcher();
const running: Spawned[] = [];
const uuid = Object.values(expected.records).find((r) => r.vial_serial === 'VV-1007')!.vial_uuid;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await watchDatabase(database.url);
  rows = createDataSource(database.url);
  await rows.initialize();
  await mail.start();
});
afterAll(async () => {
  for (const p of running) await p.kill('SIGKILL');
  await rows?.destroy();
  await db?.close();
  await database?.drop();
  await mail.stop();
});

const track = <T extends Spawned>(p: T) => {
  running.push(p);
  return p;
};

interface Owed {
  id: number;
  email: string;
  title: string;
  emailed_at: Date | null;
}
/** The notifications owed an e-mail at once, with their addressee. */
const owedEmails = () =>
  db.rows<Owed>(
    `SELECT n.id, u.email, n.title, n.emailed_at FROM notifications n
       JOIN users u ON u.id = n.user_id
      WHERE n.email = 'immediate' ORDER BY n.id`,
  );
const mailJobs = () =>
  db.rows<{ notification: number; state: string; retry_count: number }>(
    `SELECT (data->>'notificationId')::int AS notification, state, retry_count
       FROM pgboss.job WHERE name = $1 ORDER BY 1`,
    [NOTIFICATION_MAIL],
  );

it("a worker killed after the event's commit, before its e-mail, leaves the e-mail to the next worker: sent once", async () => {
  const env = processEnv(database.url, {
    DATA_DIR: tempDataDir(),
    SMTP_URL: mail.url,
    JOB_EXPIRE_SECONDS: '10',
    JOB_MAINTENANCE_SECONDS: '1',
  });
  // A run of an hour ago; the line's baseline lies far below its VitalMetric (z = 9), so the run
  // entering the line's sequence fires 1_3s and the EWMA: two events.
  const bytes = Buffer.from(
    simulateRun({
      seed: 41,
      vialUuid: uuid,
      sampleRate: 200,
      transitSeconds: 60,
      startMs: Date.now() - 3_600_000,
    }),
  );
  const auc = computeMetrics(parseRun(bytes)).auc;

  // The API process runs no worker: the upload only queues the processing job.
  const api = track(await spawnServer({ ...env, WORKER: 'false', DEMO: 'accounts' }));
  const staff = await api.login('staff@example.org');
  const member = await api.login('member@example.org');
  const [{ id: hospital }] = await db.rows<{ id: number }>(
    `SELECT id FROM institutes WHERE name = 'Northfield General Hospital'`,
  );
  await registerFixtureVials(staff, hospital);
  const { line } = await insertMonitoredLine(
    rows,
    hospital,
    { line: 'Crash line', validation: 'Crash line baseline' },
    { baseline: [0.5, 0.55, 0.6].map((f) => f * auc), since: [] },
  );
  const upload = await member.multipart(
    `/v2/institutes/${hospital}/record-upload`,
    runForm(bytes, uuid),
  );
  expect(upload.status).toBe(201);
  const record: number = upload.body.id;
  // Assigned to the line before it is processed: processing is what puts it into the sequence.
  expect((await member.patch(`/v2/records/${record}`, { line: line.id })).status).toBe(200);
  expect(await owedEmails()).toEqual([]);

  const first = track(await spawnRecordWorker(env));
  await waitFor('the record to be processed by a completed job', async () => {
    const [job] = await db.jobs();
    const [processed] = await db.rows<{ is_processed: boolean }>(
      'SELECT is_processed FROM records WHERE id = $1',
      [record],
    );
    return job?.state === 'completed' && processed.is_processed;
  });
  // Committed with the processing: the events, a notification for each owner and admin owed an
  // e-mail at once, and its job, which nothing has taken.
  const events = await db.rows<{ rule: string }>(
    'SELECT rule FROM monitoring_events WHERE line_id = $1 ORDER BY rule',
    [line.id],
  );
  expect(events.map((e) => e.rule)).toEqual(['1_3s', 'ewma']);
  const owed = await owedEmails();
  expect(owed.map((n) => n.email).sort()).toEqual([
    'admin@example.org',
    'admin@example.org',
    'owner@example.org',
    'owner@example.org',
  ]);
  expect(owed.every((n) => n.emailed_at === null)).toBe(true);
  expect(await mailJobs()).toEqual(
    owed.map((n) => ({ notification: n.id, state: 'created', retry_count: 0 })),
  );
  expect(mail.messages).toEqual([]);

  await first.kill('SIGKILL');
  expect(first.child.signalCode).toBe('SIGKILL');

  // A real worker starts and takes the waiting jobs.
  track(await spawnWorker(env));
  for (const n of owed) {
    const sent = await mail.next(n.email, (m) => m.subject === `[VialQC] ${n.title}`);
    expect(sent.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  }
  // Every job done (sending comes before completion): nothing is left to send a second copy.
  const done = await waitFor('every e-mail job to complete', async () => {
    const jobs = await mailJobs();
    return jobs.every((j) => j.state === 'completed') && jobs;
  });
  expect(done.map((j) => j.notification)).toEqual(owed.map((n) => n.id));
  expect((await owedEmails()).every((n) => n.emailed_at !== null)).toBe(true);
  // Exactly one e-mail per notification owed one.
  expect(mail.messages.map((m) => `${m.to} ${m.subject}`).sort()).toEqual(
    owed.map((n) => `${n.email} [VialQC] ${n.title}`).sort(),
  );
});
