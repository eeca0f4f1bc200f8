import type { ApiClient } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { FEED_CHANGE_DAYS_AGO, FEED_DAYS, FEED_LINE } from './demo-lab-feed';
import { addDays, zonedDay } from '../../shared/domain/time-zone';

/**
 * The full demo has a lab feed: the emergency line's results of the last six weeks from the
 * laboratory system, so Lab Feed and Lab outcomes show something; a CRP code waits in Needs
 * mapping and one refused message can be retried.
 */
let server: TestServer;
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer({ demo: 'full', smtpUrl: undefined });
  member = await server.login('member@example.org');
  ({ hospital } = await server.demoInstitutes());
}, 300_000);
afterAll(() => server.stop());

const at = (path: string) => `/v2/institutes/${hospital}/lab-feed/${path}`;

it('shows six weeks of the emergency line in Lab Feed and Lab outcomes', async () => {
  const status = await member.get(at('status'));
  expect(status.status).toBe(200);
  expect(status.body.rejected_kept).toBe(1);
  expect(status.body.last_error).toMatchObject({ reason: 'negative_value' });
  const messages = await member.get(`${at('messages')}?state=accepted`);
  // Three days a message, 12 samples a day: HI, K, LDH, ASAT filed, sodium ignored, some CRP.
  expect(messages.body.total).toBe(FEED_DAYS / 3);
  expect(messages.body.items[0].results).toEqual({ filed: 144, pending: 8, ignored: 36 });
  const pending = await member.get(at('pending'));
  expect(pending.body.items).toEqual([
    expect.objectContaining({ kind: 'code', system: 'L', code: 'CRP' }),
  ]);

  const line = (await member.get(`/v2/institutes/${hospital}/lines?size=100`)).body.items.find(
    (l: { name: string }) => l.name === FEED_LINE,
  );
  const outcomes = await member.get(`/v2/lines/${line.id}/lab-outcomes`);
  expect(outcomes.status).toBe(200);
  expect(outcomes.body.days.length).toBeGreaterThanOrEqual(28);
  expect(outcomes.body.days.every((d: { samples: number }) => d.samples === 12)).toBe(true);

  const today = zonedDay(Date.now(), 'Europe/London');
  const test = await member.get(
    `${at('before-after')}?line_ids=${line.id}&date=${addDays(today, -FEED_CHANGE_DAYS_AGO)}&days=21&hi_above=50`,
  );
  expect(test.status).toBe(200);
  expect(test.body.before.n).toBe(21 * 12);
  expect(test.body.after.n).toBe(21 * 12);
  expect(test.body.difference).toBeLessThan(0);
}, 120_000);
