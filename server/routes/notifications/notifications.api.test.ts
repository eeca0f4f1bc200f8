import { nextDigestAt } from '../../../shared/domain/notifications';
import type { ApiClient } from '../../../testing/http';
import { daysAgo, insertMonitoredLine, insertProcessedRecords } from '../../../testing/lines';
import type { CaughtMail } from '../../../testing/mail-catcher';
import { waitFor } from '../../../testing/processes';
import { insertLine, insertRecords, insertValidation } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { writeRecordsWithEvents } from '../../domain/monitoring/events';
import { runNotificationTick } from '../../domain/notifications/scheduled';
import { readyValidationsOf } from '../../domain/validations/ready';
import { markFailed } from '../../pipeline/process-record';

/**
 * Notifications (line-monitoring.md §4): written with their cause, in the app by each user's
 * settings (the role's defaults otherwise), e-mailed at once by a job or in the 07:00 digest,
 * with a one-click unsubscribe that needs no sign-in; the time-based kinds fire once.
 */
let server: TestServer;
let owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number;
const users = {} as Record<'owner' | 'admin' | 'member' | 'guest', number>;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, guest] = await Promise.all(
    ['owner', 'admin', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital } = await server.demoInstitutes());
  const rows: { id: number; email: string }[] = await server.ctx.db.query(
    'SELECT id, email FROM users',
  );
  for (const role of ['owner', 'admin', 'member', 'guest'] as const) {
    users[role] = rows.find((r) => r.email === `${role}@example.org`)!.id;
  }
}, 120_000);
afterAll(() => server.stop());

interface Row {
  id: number;
  user_id: number;
  kind: string;
  in_app: boolean;
  email: string;
  digest_at: Date | null;
  emailed_at: Date | null;
  title: string;
  link: string;
}

/** The notifications (every user's) about something, from the database. */
const rowsWhere = (where: string, params: unknown[]): Promise<Row[]> =>
  server.ctx.db.query(`SELECT * FROM notifications WHERE ${where} ORDER BY user_id, id`, params);

const listOf = async (client: ApiClient, query = '') => {
  const res = await client.get(`/v2/notifications?size=100${query}`);
  expect(res.status).toBe(200);
  return res.body.items as {
    id: number;
    kind: string;
    title: string;
    link: string;
    read_at: string | null;
  }[];
};

const tick = (now: Date) => runNotificationTick(server.ctx, now);

/** A line whose baseline has mean 100 and SD 10 (started 40 days ago), nothing since. */
const baselineLine = async (name: string) =>
  (
    await insertMonitoredLine(
      server.ctx.db,
      hospital,
      { line: name, validation: `${name} baseline` },
      { baseline: [90, 100, 110], since: [] },
    )
  ).line.id;

/** A record far above the line's baseline enters its sequence: 1_3s and the EWMA open events. */
async function alarm(line: number, by: ApiClient = member) {
  const [record] = await insertProcessedRecords(server.ctx.db, hospital, line, [
    { auc: 140, date: new Date(), exclude: true },
  ]);
  expect((await by.patch(`/v2/records/${record}`, { exclude: false })).status).toBe(200);
  return record;
}

const linkIn = (mail: CaughtMail) => mail.body.match(/https?:\/\/\S+/)![0];
const unsubscribeOf = (mail: CaughtMail) => /^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1];

describe('event_opened', () => {
  it('reaches an owner in the app and at once by e-mail, with a deep link and one-click unsubscribe', async () => {
    const line = await baselineLine('Notified');
    await alarm(line);
    const rows = await rowsWhere('line_id = $1', [line]);
    const events: { id: number; rule: string }[] = await server.ctx.db.query(
      'SELECT id, rule FROM monitoring_events WHERE line_id = $1 ORDER BY id',
      [line],
    );
    expect(events.map((e) => e.rule)).toEqual(['1_3s', 'ewma']);

    const listed = await listOf(owner);
    const own = listed.filter((n) => n.link.startsWith(`/line/${line}/`));
    expect(own.map((n) => n.link).sort()).toEqual(
      events.map((e) => `/line/${line}/monitoring?event=${e.id}`).sort(),
    );
    expect(listed[0]).toMatchObject({ kind: 'event_opened', institute: hospital, read_at: null });
    expect(listed[0].title).toMatch(/^Alarm on Notified: /);

    const mail = await server.mail.next(
      'owner@example.org',
      (m) => m.subject === '[VialQC] Alarm on Notified: 1 above +3 SD',
    );
    // The first link is the event on this very server, as the API knows it.
    const deepLink = new URL(linkIn(mail));
    expect(deepLink.origin).toBe(server.ctx.config.publicUrl);
    const eventId = Number(deepLink.searchParams.get('event'));
    expect(deepLink.pathname).toBe(`/line/${line}/monitoring`);
    expect((await owner.get(`/v2/events/${eventId}`)).body).toMatchObject({ line, rule: '1_3s' });
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeOf(mail)).toMatch(
      new RegExp(`^${server.ctx.config.publicUrl}/v2/notifications/unsubscribe\\?token=[\\w-]+$`),
    );
    expect(mail.body).toContain(unsubscribeOf(mail));

    // The admin of the hospital too; members and guests in the app only (no e-mail is owed).
    await server.mail.next('admin@example.org', (m) => m.subject.includes('Alarm on Notified'));
    const byUser = (id: number) => rows.filter((r) => r.user_id === id);
    expect(byUser(users.member).map((r) => [r.in_app, r.email])).toEqual([
      [true, 'none'],
      [true, 'none'],
    ]);
    expect(byUser(users.guest)).toHaveLength(2);
    expect((await listOf(member)).some((n) => n.link.startsWith(`/line/${line}/`))).toBe(true);
    expect(server.mail.to('member@example.org')).toEqual([]);
  });

  it('notifies when an event opens, not when a firing adds to it', async () => {
    const line = await baselineLine('Occurrences');
    await alarm(line);
    const first = await rowsWhere('line_id = $1 AND user_id = $2', [line, users.owner]);
    expect(first).toHaveLength(2);
    await alarm(line); // 1_3s and the EWMA again, and now 2_2s: one new event
    const second = await rowsWhere('line_id = $1 AND user_id = $2', [line, users.owner]);
    expect(second).toHaveLength(3);
    expect(second[2].title).toMatch(/2 of 2 above \+2 SD/);
  });

  it('leaves no notification and no e-mail job when the cause rolls back', async () => {
    const line = await baselineLine('Rolled back');
    const [record] = await insertProcessedRecords(server.ctx.db, hospital, line, [
      { auc: 140, date: new Date(), exclude: true },
    ]);
    const jobs = async () =>
      (
        await server.ctx.db.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notification-mail'`,
        )
      )[0].n;
    const before = await jobs();
    await expect(
      server.ctx.db.transaction(async (manager) => {
        await writeRecordsWithEvents(manager, server.ctx.queue, [record], () =>
          manager.query('UPDATE records SET exclude = false WHERE id = $1', [record]),
        );
        // The events and their notifications were written in here …
        expect(
          (await manager.query('SELECT id FROM notifications WHERE line_id = $1', [line])).length,
        ).toBeGreaterThan(0);
        throw new Error('the cause fails');
      }),
    ).rejects.toThrow('the cause fails');
    // … and went with it, e-mail jobs included.
    expect(await rowsWhere('line_id = $1', [line])).toEqual([]);
    expect(await jobs()).toBe(before);
  });
});

describe('settings', () => {
  it("answers the role's defaults, then the user's own choices, per institute", async () => {
    const defaults = await member.get(`/v2/institutes/${hospital}/notification-settings`);
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({
      event_opened: { in_app: true, email: 'off' },
      revalidation_due: { in_app: true, email: 'off' },
      validation_ready: { in_app: true, email: 'off' },
      vial_silent: { in_app: false, email: 'off' },
      processing_failed: { in_app: true, email: 'off' },
    });
    expect(
      (await admin.get(`/v2/institutes/${hospital}/notification-settings`)).body.vial_silent,
    ).toEqual({ in_app: true, email: 'digest' });

    const { courier } = await server.demoInstitutes();
    expect((await member.get(`/v2/institutes/${courier}/notification-settings`)).status).toBe(404);
    expect((await member.put(`/v2/institutes/${courier}/notification-settings`, {})).status).toBe(
      404,
    );
    const bad = await member.put(`/v2/institutes/${hospital}/notification-settings`, {
      event_opened: { in_app: true, email: 'weekly' },
    });
    expect(bad.status).toBe(422);
  });

  it('answers 404 to staff for an organization that does not exist, on reads and writes', async () => {
    // Staff may name any institute: a missing one was a foreign-key violation's 500 on the PUT.
    const staff = await server.login('staff@example.org');
    const missing = 2_000_000_000;
    const settings = `/v2/institutes/${missing}/notification-settings`;
    const body = { event_opened: { in_app: false, email: 'off' } };
    expect((await staff.put(settings, body)).body).toEqual({ detail: 'Not found.' });
    expect((await staff.get(settings)).status).toBe(404);
    expect((await staff.get(`/v2/institutes/${missing}/lines`)).status).toBe(404);
    expect((await staff.get(`/v2/institutes/${hospital}/notification-settings`)).status).toBe(200);
  });

  it('changes what arrives: in app, e-mail at once, nothing', async () => {
    const put = (client: ApiClient, body: unknown) =>
      client.put(`/v2/institutes/${hospital}/notification-settings`, body);
    const changed = await put(member, { event_opened: { in_app: false, email: 'immediate' } });
    expect(changed.body).toMatchObject({
      event_opened: { in_app: false, email: 'immediate' },
      validation_ready: { in_app: true, email: 'off' },
    });
    await put(owner, { event_opened: { in_app: true, email: 'off' } });
    await put(guest, { event_opened: { in_app: false, email: 'off' } });
    try {
      const line = await baselineLine('Chosen');
      await alarm(line);
      const rows = await rowsWhere('line_id = $1', [line]);
      const of = (id: number) =>
        rows.filter((r) => r.user_id === id).map((r) => [r.in_app, r.email]);
      expect(of(users.member)).toEqual([
        [false, 'immediate'],
        [false, 'immediate'],
      ]);
      expect(of(users.owner)).toEqual([
        [true, 'none'],
        [true, 'none'],
      ]);
      expect(of(users.guest)).toEqual([]);
      // The member's e-mail comes; the bell does not show it.
      const mail = await server.mail.next('member@example.org', (m) =>
        m.subject.includes('Alarm on Chosen'),
      );
      expect(linkIn(mail)).toContain(`/line/${line}/monitoring?event=`);
      expect((await listOf(member)).some((n) => n.link.startsWith(`/line/${line}/`))).toBe(false);
    } finally {
      await put(member, { event_opened: { in_app: true, email: 'off' } });
      await put(owner, { event_opened: { in_app: true, email: 'immediate' } });
      await put(guest, { event_opened: { in_app: true, email: 'off' } });
    }
  });
});

describe('reading', () => {
  it('marks one read, then all; counts the unread; another user’s is not found', async () => {
    await alarm(await baselineLine('Reading'));
    const count = async (client: ApiClient) =>
      (await client.get('/v2/notifications/unread-count')).body.count as number;
    const unread = await listOf(guest, '&unread=true');
    expect(unread.length).toBeGreaterThan(1);
    expect(await count(guest)).toBe(unread.length);

    const [first] = unread;
    expect((await owner.post(`/v2/notifications/${first.id}/read`)).status).toBe(404);
    expect((await guest.post(`/v2/notifications/${first.id}/read`)).status).toBe(204);
    expect((await guest.post(`/v2/notifications/${first.id}/read`)).status).toBe(204);
    expect(await count(guest)).toBe(unread.length - 1);
    const read = await listOf(guest, '&unread=false');
    expect(read.map((n) => n.id)).toEqual([first.id]);
    expect(read[0].read_at).not.toBeNull();
    expect((await guest.post('/v2/notifications/99999999/read')).status).toBe(404);

    expect((await guest.post('/v2/notifications/read-all')).status).toBe(204);
    expect(await count(guest)).toBe(0);
    expect(await listOf(guest, '&unread=true')).toEqual([]);
    // Newest first, paged as every list.
    const page = await guest.get('/v2/notifications?size=1');
    expect(page.body.total).toBe(read.length + unread.length - 1);
    expect(page.body.items[0].id).toBe(Math.max(...unread.map((n) => n.id)));
    expect((await server.api.get('/v2/notifications')).status).toBe(401);
  });
});

describe('unsubscribe', () => {
  it("switches that kind's e-mail off for that institute, signed out, from the link alone", async () => {
    const line = await baselineLine('Unsubscribed');
    await alarm(line);
    const mail = await server.mail.next('admin@example.org', (m) =>
      m.subject.includes('Alarm on Unsubscribed'),
    );
    const url = unsubscribeOf(mail);
    const settings = () => admin.get(`/v2/institutes/${hospital}/notification-settings`);
    expect((await settings()).body.event_opened).toEqual({ in_app: true, email: 'immediate' });

    // Opening the link shows what it stops and changes nothing.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('A monitoring event opens');
    expect(html).toContain('method="post"');
    expect((await settings()).body.event_opened.email).toBe('immediate');

    // The mail program's one-click POST (RFC 8058), without a session.
    const done = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      institute: hospital,
      institute_name: 'Northfield General Hospital',
      kinds: ['event_opened'],
      email: 'off',
    });
    const after = (await settings()).body;
    expect(after.event_opened).toEqual({ in_app: true, email: 'off' });
    expect(after.validation_ready).toEqual({ in_app: true, email: 'immediate' });
    // The admin's other institute is untouched.
    const { courier } = await server.demoInstitutes();
    expect(
      (await admin.get(`/v2/institutes/${courier}/notification-settings`)).body.event_opened,
    ).toEqual({ in_app: true, email: 'immediate' });

    // Again: the same, and a browser gets a page.
    const again = await fetch(url, { method: 'POST', headers: { Accept: 'text/html' } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('E-mails stopped');
    expect((await fetch(`${url}x`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(url.replace(/token=.*/, 'token='))).status).toBe(422);

    await admin.put(`/v2/institutes/${hospital}/notification-settings`, {
      event_opened: { in_app: true, email: 'immediate' },
    });
  });
});

describe('time-based kinds and the digest', () => {
  it('revalidation_due fires once per baseline, 6 months after it started, and goes in the 07:00 digest', async () => {
    const line = await baselineLine('Due');
    const started: { start_date: string }[] = await server.ctx.db.query(
      `SELECT to_char(v.start_date, 'YYYY-MM-DD') AS start_date FROM validations v
         JOIN validation_lines vl ON vl.validation_id = v.id WHERE vl.line_id = $1`,
      [line],
    );
    const due = new Date(`${started[0].start_date}T12:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 6);
    const ofLine = () => rowsWhere(`line_id = $1 AND kind = 'revalidation_due'`, [line]);

    await tick(new Date(due.getTime() - 86_400_000));
    expect(await ofLine()).toEqual([]);
    await tick(due);
    const rows = await ofLine();
    expect(rows.map((r) => r.user_id)).toEqual(
      [users.owner, users.admin, users.member, users.guest].sort((a, b) => a - b),
    );
    await tick(new Date(due.getTime() + 86_400_000));
    expect(await ofLine()).toHaveLength(rows.length);

    // Owners' and admins' go in the next 07:00 London digest; members' and guests' in the app.
    const ownerRow = rows.find((r) => r.user_id === users.owner)!;
    expect(ownerRow).toMatchObject({ in_app: true, email: 'digest', emailed_at: null });
    const digestAt = nextDigestAt(due, 'Europe/London');
    expect(ownerRow.digest_at).toEqual(digestAt);
    expect(rows.find((r) => r.user_id === users.member)).toMatchObject({ email: 'none' });
    expect(ownerRow.link).toBe(`/line/${line}/monitoring`);

    const digestsFor = async (now: Date) =>
      (await tick(now)).digests.filter((d) => d.userId === users.owner);
    expect(await digestsFor(new Date(digestAt.getTime() - 60_000))).toEqual([]);
    expect(await digestsFor(digestAt)).toEqual([
      { userId: users.owner, instituteId: hospital, upTo: digestAt.toISOString() },
    ]);
    const digest = await server.mail.next('owner@example.org', (m) =>
      m.body.includes('Due is due for re-validation'),
    );
    expect(digest.subject).toMatch(/^\[VialQC\] Northfield General Hospital: \d+ notifications?$/);
    expect(digest.body).toContain(`${server.ctx.config.publicUrl}/line/${line}/monitoring`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeOf(digest)).toContain('/v2/notifications/unsubscribe?token=');
    // Marked sent once the mail server took it (just after it arrived here).
    await waitFor('the digest marked sent', async () =>
      (await ofLine()).find((r) => r.user_id === users.owner && r.emailed_at !== null),
    );

    // Nothing left: no digest at the next 07:00, and none ever for the member.
    const later = new Date(digestAt.getTime() + 86_400_000);
    expect(await digestsFor(later)).toEqual([]);
    expect((await tick(later)).digests.filter((d) => d.userId === users.member)).toEqual([]);
  });

  it('vial_silent fires once per silence: a new upload ends it', async () => {
    const staff = await server.login('staff@example.org');
    const made = await staff.post('/v2/vials', {
      label: 'SILENT-1',
      version: 'VV2',
      institute: hospital,
    });
    expect(made.status).toBeLessThan(300);
    const [vial]: { id: number }[] = await server.ctx.db.query(
      `SELECT id FROM vials WHERE label = 'SILENT-1'`,
    );
    const upload = async (daysBefore: number) => {
      const [record] = await insertRecords(server.ctx.db, hospital, [
        { vialId: vial.id, vialLabel: 'SILENT-1' },
      ]);
      await server.ctx.db.query('UPDATE records SET upload_date = $2 WHERE id = $1', [
        record.id,
        daysAgo(daysBefore),
      ]);
      return record.id;
    };
    const ofVial = () => rowsWhere(`vial_id = $1 AND kind = 'vial_silent'`, [vial.id]);
    const first = await upload(20);

    await tick(daysAgo(7)); // 13 days after the upload
    expect(await ofVial()).toEqual([]);
    await tick(new Date());
    const rows = await ofVial();
    // Members' and guests' default is off.
    expect(rows.map((r) => r.user_id)).toEqual([users.owner, users.admin].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({
      title: 'Vial SILENT-1 has not uploaded for 20 days',
      link: `/record/${first}`,
      email: 'digest',
    });
    await tick(new Date(Date.now() + 86_400_000));
    expect(await ofVial()).toHaveLength(2);

    await upload(1); // the silence ends
    await tick(new Date(Date.now() + 86_400_000));
    expect(await ofVial()).toHaveLength(2);
    await tick(new Date(Date.now() + 14 * 86_400_000)); // a new one
    expect(await ofVial()).toHaveLength(4);

    // An institute that switches it off hears of no silence; switched on again, it does.
    await owner.patch(`/v2/institutes/${hospital}`, { vial_silent_days: null });
    await upload(0);
    const later = new Date(Date.now() + 60 * 86_400_000);
    await tick(later);
    expect(await ofVial()).toHaveLength(4);
    await owner.patch(`/v2/institutes/${hospital}`, { vial_silent_days: 14 });
    await tick(later);
    expect(await ofVial()).toHaveLength(6);
  });
});

describe('causes in the records and validations', () => {
  it('validation_ready fires once, when the last record a validation needs joins it', async () => {
    const line = await insertLine(server.ctx.db, hospital, { name: 'Validating' });
    const validation = await insertValidation(server.ctx.db, hospital, {
      name: 'Ready soon',
      durationDays: 1,
      lines: [line],
    });
    const records = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      line.id,
      [1, 2, 3, 4, 5].map((k) => ({ auc: 100 + k, date: daysAgo(k) })),
    );
    const ofValidation = () => rowsWhere(`validation_id = $1`, [validation.id]);
    for (const id of records.slice(0, 3)) {
      await member.patch(`/v2/records/${id}`, { validation: validation.id });
    }
    expect(await ofValidation()).toEqual([]);
    await member.patch(`/v2/records/${records[3]}`, { validation: validation.id });
    const rows = await ofValidation();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      kind: 'validation_ready',
      link: `/validation/${validation.id}`,
    });
    const mail = await server.mail.next('owner@example.org', (m) =>
      m.subject.includes('Ready soon'),
    );
    expect(linkIn(mail)).toBe(`${server.ctx.config.publicUrl}/validation/${validation.id}`);
    await member.patch(`/v2/records/${records[4]}`, { validation: validation.id });
    expect(await ofValidation()).toHaveLength(4);
  });

  it('validation_ready is not missed when the last two records join at once', async () => {
    const line = await insertLine(server.ctx.db, hospital, { name: 'Racing' });
    const validation = await insertValidation(server.ctx.db, hospital, {
      name: 'Raced',
      durationDays: 1,
      lines: [line],
    });
    const records = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      line.id,
      [1, 2, 3, 4].map((k) => ({ auc: 100 + k, date: daysAgo(k) })),
    );
    await server.ctx.db.query('UPDATE records SET validation_id = $2 WHERE id = ANY($1)', [
      records.slice(0, 2),
      validation.id,
    ]);
    // Two transactions each add one of the last two records: alone, each leaves one to collect.
    const [first, second] = [server.ctx.db.createQueryRunner(), server.ctx.db.createQueryRunner()];
    const join = async (runner: typeof first, record: number) => {
      await runner.query('UPDATE records SET validation_id = $2 WHERE id = $1', [
        record,
        validation.id,
      ]);
      await readyValidationsOf(runner.manager, server.ctx.queue, [record]);
    };
    try {
      await first.startTransaction();
      await second.startTransaction();
      await join(first, records[2]);
      // The second waits for the first (the tallies' rows, the validation's lock) …
      const judged = join(second, records[3]);
      await waitFor('the second transaction waiting for the first', async () => {
        const [{ n }]: { n: number }[] = await server.ctx.db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return n > 0;
      });
      await first.commitTransaction();
      // … and then counts the first's record with its own: the validation is ready.
      await judged;
      await second.commitTransaction();
    } finally {
      await first.release();
      await second.release();
    }
    expect(await rowsWhere(`validation_id = $1`, [validation.id])).toHaveLength(4);
  });

  it('processing_failed fires on the failure that gives up, once per record', async () => {
    const [record] = await insertRecords(server.ctx.db, hospital, [
      { isProcessed: false, fileName: 'RUN0042.DAT', vialLabel: 'VV-9' },
    ]);
    await markFailed(server.ctx, record.id, 'the run file is missing from storage');
    await markFailed(server.ctx, record.id, 'the run file is missing from storage');
    const rows = await rowsWhere(`record_id = $1 AND kind = 'processing_failed'`, [record.id]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      title: 'The run RUN0042.DAT of vial VV-9 could not be processed',
      link: `/record/${record.id}`,
    });
    const mail = await server.mail.next('admin@example.org', (m) => m.subject.includes('RUN0042'));
    expect(linkIn(mail)).toBe(`${server.ctx.config.publicUrl}/record/${record.id}`);
  });
});
