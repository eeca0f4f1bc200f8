import { insertMonitoredLine, insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { TransitRecord } from '../../entities/record';

/**
 * PATCH /v2/records/{id} answers what the save set off (issue 44, point 1): the monitoring events
 * it opened or added to and who was notified; GET /v2/records/{id} and the list flag the record.
 */
let server: TestServer;
let member: ApiClient;
let lineId: number;
let runId: number;
let hospital: number;

/** Baseline 90/100/110, then 115, 115, 125: a run of 160 fires 1_3s, 2_2s, 4_1s and the EWMA. */
beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('member@example.org');
  const db = server.ctx.db;
  ({ hospital } = await instituteIds(db));
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Set-off Line', validation: 'Set-off baseline' },
    { baseline: [90, 100, 110], since: [115, 115, 125] },
  );
  lineId = line.id;
  [runId] = await insertProcessedRecords(db, hospital, line.id, [
    { auc: 160, date: new Date(Date.now() - 3600_000) },
  ]);
  await db.getRepository(TransitRecord).update(runId, { lineId: null, isReviewed: false });
});
afterAll(() => server.stop());

it('says which events a line assignment opened, on which line, and who was notified how', async () => {
  const res = await member.patch(`/v2/records/${runId}`, { line: lineId, is_reviewed: true });
  expect(res.status).toBe(200);
  const { events, notified } = res.body.set_off;
  expect(events.map((e: { rule: string }) => e.rule).sort()).toEqual(
    ['1_3s', '2_2s', '4_1s', 'ewma'].sort(),
  );
  for (const e of events)
    expect(e).toMatchObject({
      line: { id: lineId, name: 'Set-off Line' },
      side: 'above',
      opened: true,
      record: runId,
    });
  // Owners and admins by e-mail at once as well (line-monitoring.md §4 defaults); each once.
  const byName = Object.fromEntries(notified.map((n: { name: string }) => [n.name, n]));
  expect(byName['Olivia Owner']).toMatchObject({ in_app: true, email: 'immediate' });
  expect(byName['Adam Admin']).toMatchObject({ in_app: true, email: 'immediate' });
  expect(byName['Maria Member']).toMatchObject({ in_app: true, email: 'off' });
  expect(new Set(notified.map((n: { user: number }) => n.user)).size).toBe(notified.length);

  // The record shows the alarms it fired, on its own page and in the list.
  expect(res.body.alarms).toHaveLength(4);
  const page = await member.get(`/v2/records/${runId}`);
  expect(page.body.alarms.map((a: { event: number }) => a.event).sort()).toEqual(
    events.map((e: { id: number }) => e.id).sort(),
  );
  expect(page.body.alarms[0]).toMatchObject({ line: lineId, status: 'open' });
  const list = await member.get(`/v2/institutes/${hospital}/records?size=100`);
  const row = list.body.items.find((r: { id: number }) => r.id === runId);
  expect(row.alarms).toHaveLength(4);
});

it('answers an empty set-off for a save that fires nothing', async () => {
  const res = await member.patch(`/v2/records/${runId}`, { labels: [] });
  expect(res.status).toBe(200);
  expect(res.body.set_off).toEqual({ events: [], notified: [] });
});

it("still refuses another institute's record (404) and a guest's save (403)", async () => {
  const { courier } = await instituteIds(server.ctx.db);
  const [other] = await insertProcessedRecords(server.ctx.db, courier, lineId, [{ auc: 100 }]);
  expect((await member.patch(`/v2/records/${other}`, { exclude: true })).status).toBe(404);
  const guest = await server.login('guest@example.org');
  expect((await guest.patch(`/v2/records/${runId}`, { exclude: true })).status).toBe(403);
  expect((await member.patch(`/v2/records/${runId}`, { line: 'x' })).status).toBe(422);
});
