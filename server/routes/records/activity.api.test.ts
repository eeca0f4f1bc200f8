import { addDays } from '../../../shared/domain/time-zone';
import { insertRecords } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number, courier: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest] = await Promise.all(
    ['staff', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
});
afterAll(() => server.stop());

const at = (iso: string) => ({ date: new Date(iso) });
const activity = (client: ApiClient, institute: number, days?: number) =>
  client.get(`/v2/institutes/${institute}/records/activity${days ? `?days=${days}` : ''}`);

describe("counting a day's records in the institute's time zone", () => {
  beforeAll(async () => {
    const res = await staff.patch(`/v2/institutes/${hospital}`, { timezone: 'Pacific/Auckland' });
    expect(res.status).toBe(200);
    await insertRecords(server.ctx.db, hospital, [
      // June: New Zealand standard time, UTC+12.
      at('2025-06-13T23:59:59Z'), // 14 June, 11:59 in Auckland
      at('2025-06-14T11:59:00Z'), // 14 June, 23:59
      at('2025-06-14T12:00:00Z'), // 15 June, 00:00
      at('2025-06-14T23:30:00Z'), // 15 June, 11:30
      { ...at('2025-06-15T00:30:00Z'), exclude: true }, // 15 June, 12:30: excluded still counts
      { ...at('2025-06-15T01:00:00Z'), isProcessed: false }, // so do unprocessed ones
      { ...at('2025-06-15T02:00:00Z'), hidden: true }, // hidden ones never do
      // January: daylight saving time, UTC+13.
      at('2025-01-10T10:59:00Z'), // 10 January, 23:59
      at('2025-01-10T11:00:00Z'), // 11 January, 00:00
    ]);
  });

  it('puts records around midnight UTC on the local day, standard and summer time alike', async () => {
    const res = await member.get(`/v2/institutes/${hospital}/records/activity?days=3660`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      timezone: 'Pacific/Auckland',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      days: [
        { date: '2025-01-10', count: 1 },
        { date: '2025-01-11', count: 1 },
        { date: '2025-06-14', count: 2 },
        { date: '2025-06-15', count: 4 },
      ],
    });
  });

  it('leaves hidden records out for staff too', async () => {
    const res = await activity(staff, hospital, 3660);
    expect(res.body.days.find((d: { date: string }) => d.date === '2025-06-15').count).toBe(4);
  });

  it('moves the days when the institute moves time zone', async () => {
    await staff.patch(`/v2/institutes/${hospital}`, { timezone: 'UTC' });
    const res = await activity(member, hospital, 3660);
    expect(res.body.timezone).toBe('UTC');
    expect(res.body.days).toEqual([
      { date: '2025-01-10', count: 2 },
      { date: '2025-06-13', count: 1 },
      { date: '2025-06-14', count: 3 },
      { date: '2025-06-15', count: 2 },
    ]);
    await staff.patch(`/v2/institutes/${hospital}`, { timezone: 'Pacific/Auckland' });
  });
});

describe('the window and who may see it', () => {
  it('covers the last 365 local days by default, today included', async () => {
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    await insertRecords(server.ctx.db, courier, [
      { date: new Date(now - 60_000) },
      { date: new Date(now - 60_000) },
      { date: new Date(now - 400 * day) },
    ]);
    const res = await activity(staff, courier);
    expect(res.body.timezone).toBe('Europe/London');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      now - 60_000,
    );
    expect(res.body.days).toEqual([{ date: today, count: 2 }]);
    // The day the calendar ends on: the records' day, or the next when midnight passed between.
    expect([today, addDays(today, 1)]).toContain(res.body.today);
    expect((await activity(staff, courier, 500)).body.days).toHaveLength(2);
  });

  it("is readable by guests and answers 404 for another institute's", async () => {
    expect((await activity(guest, hospital)).status).toBe(200);
    expect((await activity(member, courier)).status).toBe(404);
    const bad = await member.get(`/v2/institutes/${hospital}/records/activity?days=0`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'days']);
  });
});
