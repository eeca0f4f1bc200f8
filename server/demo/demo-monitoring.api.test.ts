import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../../testing/http';
import { waitFor } from '../../testing/processes';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { DRIFT_LINE, DRIFT_RESOLUTION, DRIFT_VALIDATION } from './demo-monitoring';

/**
 * The full demo (what `npm start` seeds) has a monitored line with something to show: its runs
 * drift upward after its baseline, the EWMA and 4_1s fire, one event is open and one closed with
 * a resolution, and the demo users have the notifications of both, e-mailed to the outbox (no
 * SMTP_URL) by the server's worker.
 */
let server: TestServer;
let owner: ApiClient, member: ApiClient, guest: ApiClient, staff: ApiClient;
let hospital: number;
let line: { id: number; name: string; open_events: number };
const userIds: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ demo: 'full', smtpUrl: undefined });
  [owner, member, guest, staff] = await Promise.all(
    ['owner', 'member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital } = await server.demoInstitutes());
  const lines = (await owner.get(`/v2/institutes/${hospital}/lines?size=100`)).body.items;
  line = lines.find((l: { name: string }) => l.name === DRIFT_LINE);
  const users: { id: number; email: string }[] = await server.ctx.db.query(
    'SELECT id, email FROM users',
  );
  for (const u of users) userIds[u.email] = u.id;
}, 300_000);
afterAll(() => server.stop());

it('drifts upward after its baseline: the EWMA and 4_1s fire, no other alarm', async () => {
  const res = await member.get(`/v2/lines/${line.id}/monitoring`);
  expect(res.status).toBe(200);
  const view = res.body;
  expect(view).toMatchObject({
    monitored: true,
    reason: null,
    baseline: { validation_name: DRIFT_VALIDATION, n: 8 },
    total: 21,
  });
  expect(view.rule_counts.ewma).toBeGreaterThan(0);
  expect(view.rule_counts['4_1s']).toBeGreaterThan(0);
  for (const alarm of ['1_3s', '2_2s', 'R_4s', '10_x', 'revalidation']) {
    expect(view.rule_counts[alarm]).toBe(0);
  }
  // The drift is the last two weeks': the latest record is the furthest above the mean.
  expect(view.points.at(-1).z).toBeGreaterThan(2);
});

it('has one event open (the EWMA) and one closed with its resolution (4_1s), on that line only', async () => {
  const all = (await guest.get(`/v2/institutes/${hospital}/events?size=100`)).body;
  expect(all.total).toBe(2);
  const byRule = Object.fromEntries(all.items.map((e: { rule: string }) => [e.rule, e])) as Record<
    string,
    Record<string, unknown>
  >;
  expect(byRule.ewma).toMatchObject({ line: line.id, status: 'open', side: 'above' });
  expect(byRule['4_1s']).toMatchObject({
    line: line.id,
    status: 'closed',
    side: 'above',
    occurrences: 4,
    acknowledged_by: userIds['member@example.org'],
    closed_by: userIds['admin@example.org'],
    resolution: DRIFT_RESOLUTION,
  });
  expect(line.open_events).toBe(1);
});

it('notifies the demo users of both events and of the baseline validation that was ready', async () => {
  const titles = async (client: ApiClient) =>
    (
      (await client.get('/v2/notifications?size=100')).body.items as {
        kind: string;
        title: string;
      }[]
    )
      .map((n) => `${n.kind}: ${n.title}`)
      .sort();
  const expected = [
    `event_opened: Alarm on ${DRIFT_LINE}: 4 of 4 above +1 SD`,
    `event_opened: Alarm on ${DRIFT_LINE}: EWMA above its control limit`,
    `validation_ready: Validation ${DRIFT_VALIDATION} has all its records: it can be completed`,
  ];
  for (const client of [owner, member, guest]) expect(await titles(client)).toEqual(expected);
  // Staff are notified where they are members: the provider, not the hospital.
  expect(await titles(staff)).toEqual([]);
});

it('e-mails them at once to the owner and the admin, into the outbox', async () => {
  const immediate = await waitFor('the e-mails at once to be sent', async () => {
    const rows: { user_id: number; emailed_at: Date | null }[] = await server.ctx.db.query(
      `SELECT user_id, emailed_at FROM notifications WHERE email = 'immediate'`,
    );
    return rows.every((r) => r.emailed_at) && rows;
  });
  expect(immediate.map((r) => r.user_id).sort()).toEqual(
    [
      ...Array(3).fill(userIds['owner@example.org']),
      ...Array(3).fill(userIds['admin@example.org']),
    ].sort(),
  );
  const outbox = path.join(server.dataDir, 'outbox');
  // Each .eml's header fields, unfolded (RFC 5322: a long subject continues on the next line).
  const mails = fs.readdirSync(outbox).map((file) => {
    const head = fs.readFileSync(path.join(outbox, file), 'utf8').split(/\r?\n\r?\n/)[0];
    const field = (name: string) =>
      new RegExp(`^${name}: (.*)$`, 'm').exec(head.replace(/\r?\n(?=[ \t])/g, ''))?.[1];
    return { to: field('To'), subject: field('Subject') };
  });
  expect(mails).toHaveLength(6);
  for (const to of ['owner@example.org', 'admin@example.org']) {
    const subjects = mails
      .filter((m) => m.to === to)
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual([
      `[VialQC] Alarm on ${DRIFT_LINE}: 4 of 4 above +1 SD`,
      `[VialQC] Alarm on ${DRIFT_LINE}: EWMA above its control limit`,
      `[VialQC] Validation ${DRIFT_VALIDATION} has all its records: it can be completed`,
    ]);
  }
});
