import { simulateRun } from '../../../shared/vial/simulate';
import type { ApiClient } from '../../../testing/http';
import { insertMonitoredLine, insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { registerFixtureVials, runForm, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { processRecord } from '../../pipeline/process-record';

/**
 * Events (line-monitoring.md §3): opened when a record enters a line's sequence on every path,
 * one per (line, rule) while not closed, acknowledged and closed by members and above.
 */
let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest] = await Promise.all(
    ['staff', 'member', 'guest'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

interface EventRow {
  id: number;
  rule: string;
  side: string;
  status: string;
  occurrences: number;
  first_record: number;
  last_record: number;
}

async function eventsOf(line: number, query = ''): Promise<EventRow[]> {
  const res = await member.get(
    `/v2/institutes/${hospital}/events?line=${line}&size=100&ordering=id${query}`,
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

/** The badge the lines table shows: the line's events still open (not acknowledged). */
const openEventsOf = async (line: number): Promise<number> =>
  (await member.get(`/v2/lines/${line}`)).body.open_events;

/** A line whose baseline has mean 100 and SD 10, and nothing since. */
const baselineLine = async (name: string) =>
  (
    await insertMonitoredLine(
      server.ctx.db,
      hospital,
      { line: name, validation: `${name} baseline` },
      { baseline: [90, 100, 110], since: [] },
    )
  ).line.id;

it('opens events when records enter the sequence by assignment, re-inclusion and bulk edits', async () => {
  const line = await baselineLine('Events');
  const parking = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Parking' })).body
    .id;
  const now = Date.now();
  const at = (minutes: number) => new Date(now - 60_000 * (60 - minutes));
  // z = 3.5 each: 1_3s and the EWMA (alarms) fire at each; 1_2s and out_of_range are warnings.
  const [assigned, reincluded, bulk1, bulk2] = await insertProcessedRecords(
    server.ctx.db,
    hospital,
    parking,
    [1, 2, 3, 4].map((k) => ({ auc: 135, date: at(k) })),
  );
  await member.patch(`/v2/records/${reincluded}`, { line, exclude: true });
  expect(await eventsOf(line)).toEqual([]);

  expect((await member.patch(`/v2/records/${assigned}`, { line })).status).toBe(200);
  let events = await eventsOf(line);
  expect(events).toMatchObject([
    { rule: '1_3s', side: 'above', status: 'open', occurrences: 1, first_record: assigned },
    { rule: 'ewma', side: 'above', status: 'open', occurrences: 1, first_record: assigned },
  ]);

  await member.patch(`/v2/records/${reincluded}`, { exclude: false });
  // Two in a row beyond +2 SD: 2_2s opens; the open events count the second firing.
  events = await eventsOf(line);
  expect(events.map((e) => [e.rule, e.occurrences, e.last_record])).toEqual([
    ['1_3s', 2, reincluded],
    ['ewma', 2, reincluded],
    ['2_2s', 1, reincluded],
  ]);

  const res = await member.post(`/v2/institutes/${hospital}/records/bulk`, {
    ids: [bulk1, bulk2],
    line,
  });
  expect(res.status).toBe(200);
  // The answer says what it set off: the two events it opened (issue 44).
  const opened = res.body.set_off.events.filter((e: { opened: boolean }) => e.opened);
  expect(opened.map((e: { rule: string }) => e.rule).sort()).toEqual(['4_1s', 'revalidation']);
  events = await eventsOf(line);
  // The 4th: four beyond +1 SD, and the 4th out of range (re-validation).
  expect(events.map((e) => [e.rule, e.occurrences])).toEqual([
    ['1_3s', 4],
    ['ewma', 4],
    ['2_2s', 3],
    ['4_1s', 1],
    ['revalidation', 1],
  ]);

  // Records already in the sequence open nothing, whatever else changes on them.
  await member.patch(`/v2/records/${bulk2}`, { is_reviewed: false });
  await member.post(`/v2/institutes/${hospital}/records/bulk`, { ids: [bulk1], line });
  expect((await eventsOf(line)).map((e) => e.occurrences)).toEqual([4, 4, 3, 1, 1]);

  // Filters, ordering and paging as every list.
  expect((await eventsOf(line, '&rule=2_2s')).map((e) => e.rule)).toEqual(['2_2s']);
  expect(await eventsOf(line, '&status=closed')).toEqual([]);
  const newest = await member.get(`/v2/institutes/${hospital}/events?line=${line}&size=1`);
  expect(newest.body.total).toBe(5);
  expect(newest.body.items).toHaveLength(1);
  const later = await member.get(
    `/v2/institutes/${hospital}/events?line=${line}&opened_at__gte=${new Date(now + 3_600_000).toISOString()}`,
  );
  expect(later.body).toEqual({ items: [], total: 0 });
});

it('acknowledges and closes with a resolution; guests only read; a closed event is never reopened', async () => {
  const line = await baselineLine('Closing');
  const [first, second] = await insertProcessedRecords(server.ctx.db, hospital, line, [
    { auc: 140, date: new Date(Date.now() - 60_000), exclude: true },
    { auc: 60, date: new Date(), exclude: true },
  ]);
  await member.patch(`/v2/records/${first}`, { exclude: false });
  const [event] = await eventsOf(line);
  expect(event).toMatchObject({ rule: '1_3s', status: 'open' });
  expect(await openEventsOf(line)).toBe(2); // 1_3s and the EWMA's

  expect((await guest.get(`/v2/events/${event.id}`)).body).toMatchObject({ id: event.id });
  expect((await guest.post(`/v2/events/${event.id}/acknowledge`)).status).toBe(403);
  expect((await guest.post(`/v2/events/${event.id}/close`, { resolution: 'x' })).status).toBe(403);

  const [{ id: memberId }]: { id: number }[] = await server.ctx.db.query(
    `SELECT id FROM users WHERE email = 'member@example.org'`,
  );
  const acknowledged = await member.post(`/v2/events/${event.id}/acknowledge`);
  expect(acknowledged.body).toMatchObject({ status: 'acknowledged', acknowledged_by: memberId });
  expect((await member.post(`/v2/events/${event.id}/acknowledge`)).status).toBe(409);
  expect(await openEventsOf(line)).toBe(1);
  for (const resolution of ['', '   ', 'x'.repeat(2001)]) {
    expect((await member.post(`/v2/events/${event.id}/close`, { resolution })).status).toBe(422);
  }
  const closed = await member.post(`/v2/events/${event.id}/close`, {
    resolution: 'Carrier cracked: replaced.',
  });
  expect(closed.body).toMatchObject({
    status: 'closed',
    closed_by: memberId,
    resolution: 'Carrier cracked: replaced.',
  });
  expect((await member.post(`/v2/events/${event.id}/close`, { resolution: 'again' })).status).toBe(
    409,
  );

  // The next firing (below this time) opens a new event; the closed one stays as it was.
  await member.patch(`/v2/records/${second}`, { exclude: false });
  const events = await eventsOf(line);
  // (The EWMA's event, opened by the first, stays open: the second brings it back within.)
  expect(events.map((e) => [e.rule, e.id === event.id, e.status, e.side, e.occurrences])).toEqual([
    ['1_3s', true, 'closed', 'above', 1],
    ['ewma', false, 'open', 'above', 1],
    ['1_3s', false, 'open', 'below', 1],
    ['R_4s', false, 'open', 'below', 1],
  ]);
  expect(await openEventsOf(line)).toBe(3);
  const listed = await member.get(`/v2/institutes/${hospital}/lines?name__icontains=Closing`);
  expect(listed.body.items.map((l: { open_events: number }) => l.open_events)).toEqual([3]);
});

it('processing records of one line in parallel opens one event per rule and loses no firing', async () => {
  const [vialUuid] = (await registerFixtureVials(staff, hospital)).values();
  const start = Date.now() + 60_000;
  const ids: number[] = [];
  for (let k = 0; k < 6; k++) {
    const bytes = simulateRun({ seed: 40 + k, vialUuid, startMs: start + 60_000 * k, sequence: k });
    const res = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(bytes, vialUuid),
    );
    ids.push((await waitProcessed(member, res.body.id)).id);
  }
  const aucs: { auc: number }[] = await server.ctx.db.query(
    'SELECT auc FROM records WHERE id = ANY($1)',
    [ids],
  );
  // A baseline far below these runs: every one of them beyond +3 SD.
  const low = Math.min(...aucs.map((r) => r.auc)) / 2;
  const line = (
    await insertMonitoredLine(
      server.ctx.db,
      hospital,
      { line: 'Parallel', validation: 'Parallel baseline' },
      { baseline: [low - 1, low, low + 1], since: [] },
    )
  ).line.id;
  // On the line but not processed yet, as a run the worker has still to take.
  await server.ctx.db.query(
    'UPDATE records SET line_id = $2, is_processed = false WHERE id = ANY($1)',
    [ids, line],
  );
  await Promise.all(ids.map((id) => processRecord(server.ctx, id)));

  const events = await eventsOf(line);
  expect(new Set(events.map((e) => e.rule)).size).toBe(events.length);
  expect(events.find((e) => e.rule === '1_3s')).toMatchObject({ occurrences: ids.length });
});

it('opens no events for records already in the sequence when the baseline changes', async () => {
  const { line, validation } = await insertMonitoredLine(
    server.ctx.db,
    hospital,
    { line: 'Baseline changed', validation: 'Baseline changed baseline' },
    { baseline: [90, 100, 110, 200], since: [150, 150, 150, 150] },
  );
  const [{ id: wide }]: { id: number }[] = await server.ctx.db.query(
    'SELECT id FROM records WHERE validation_id = $1 AND auc = 200',
    [validation.id],
  );
  // Without its 200, the baseline is 100 ± 10: the four records at 150 lie beyond +3 SD.
  expect((await member.patch(`/v2/records/${wide}`, { exclude: true })).status).toBe(200);
  const judged = (await member.get(`/v2/lines/${line.id}/monitoring`)).body;
  expect(judged.rule_counts).toMatchObject({ '1_3s': 4, '2_2s': 3, '4_1s': 1 });
  expect(await eventsOf(line.id)).toEqual([]);
});

it("lists each institute's events under it only, however the event was written", async () => {
  const { courier } = await instituteIds(server.ctx.db);
  const [{ id: theirs }]: { id: number }[] = await server.ctx.db.query(
    `INSERT INTO lines (institute_id, name) VALUES ($1, 'Courier route') RETURNING id`,
    [courier],
  );
  // By SQL, as an older writer would: the database gives the event its line's institute.
  const [{ id: event, institute_id }]: { id: number; institute_id: number }[] =
    await server.ctx.db.query(
      `INSERT INTO monitoring_events (line_id, rule, side) VALUES ($1, '1_3s', 'above')
       RETURNING id, institute_id`,
      [theirs],
    );
  expect(institute_id).toBe(courier);
  const ids = async (institute: number) =>
    (await staff.get(`/v2/institutes/${institute}/events?size=100`)).body.items.map(
      (e: { id: number }) => e.id,
    );
  expect(await ids(courier)).toEqual([event]);
  expect(await ids(hospital)).not.toContain(event);
  expect((await member.get(`/v2/institutes/${courier}/events`)).status).toBe(404);
});

describe('issue 44: what came of each firing, when the drift was seen, a note on acknowledging', () => {
  /** Alarms assigned one by one: the EWMA's event opens at the 3rd run, 2_2s's at the 4th. */
  async function firingLine(name: string) {
    const line = await baselineLine(name);
    await insertProcessedRecords(server.ctx.db, hospital, line, [
      { auc: 140, date: new Date(Date.now() - 5 * 86_400_000) },
    ]);
    const parking = (await member.post(`/v2/institutes/${hospital}/lines`, { name: `${name} P` }))
      .body.id;
    const dates = [4, 3, 2].map((days) => new Date(Date.now() - days * 86_400_000));
    const runs = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      parking,
      [100, 125, 125.5].map((auc, k) => ({ auc, date: dates[k] })),
    );
    for (const id of runs)
      expect((await member.patch(`/v2/records/${id}`, { line })).status).toBe(200);
    return { line, runs, dates };
  }

  it('says of each firing the event it opened or was counted on, and none for a warning', async () => {
    const { line, runs } = await firingLine('Firings');
    const ewma = 'ewma';
    const twoTwo = '2_2s';
    const events = await eventsOf(line);
    const idOf = (rule: string) => events.find((e) => e.rule === rule)!.id;
    const res = await member.get(`/v2/lines/${line}/monitoring`);
    expect(res.status).toBe(200);
    // The first run (r0) was written straight into the sequence: nothing was raised for it.
    const names = new Map(runs.map((id, k) => [id, `r${k + 1}`]));
    const firings = res.body.points.flatMap(
      (p: { record_id: number; rules: { rule: string; event: unknown }[] }) =>
        p.rules.map((f) => [names.get(p.record_id) ?? 'r0', f.rule, f.event]),
    );
    expect(firings).toEqual([
      ['r0', '1_2s', null],
      ['r0', '1_3s', null],
      ['r0', 'ewma', null],
      ['r0', 'out_of_range', null],
      ['r2', '1_2s', null],
      ['r2', ewma, { id: idOf(ewma), status: 'open', opened: true }],
      ['r3', '1_2s', null],
      ['r3', twoTwo, { id: idOf(twoTwo), status: 'open', opened: true }],
      ['r3', ewma, { id: idOf(ewma), status: 'open', opened: false }],
    ]);
  });

  it('dates an event by the run that fired it, apart from when processing opened it', async () => {
    const { line, dates } = await firingLine('Dated');
    const event = (await eventsOf(line)).find((e) => e.rule === 'ewma')!;
    const one = await member.get(`/v2/events/${event.id}`);
    expect(one.body.first_record_date).toBe(dates[1].toISOString());
    expect(Date.parse(one.body.opened_at)).toBeGreaterThan(dates[2].getTime());
  });

  it('keeps a note with the acknowledgement and in the History; bounded; no note is null', async () => {
    const { line } = await firingLine('Noted');
    const [first, second] = await eventsOf(line);
    for (const note of ['x'.repeat(2001), 'a\u0000b']) {
      expect((await member.post(`/v2/events/${first.id}/acknowledge`, { note })).status).toBe(422);
    }
    const noted = await member.post(`/v2/events/${first.id}/acknowledge`, {
      note: '  Blower checked: pressure normal  ',
    });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({
      status: 'acknowledged',
      acknowledge_note: 'Blower checked: pressure normal',
    });
    const history = await member.get(
      `/v2/institutes/${hospital}/history?object_type=event&object_id=${first.id}`,
    );
    expect(history.status).toBe(200);
    expect(history.body.items[0].changes).toMatchObject({
      acknowledge_note: { after: 'Blower checked: pressure normal' },
    });
    const blank = await member.post(`/v2/events/${second.id}/acknowledge`, { note: '   ' });
    expect(blank.body).toMatchObject({ status: 'acknowledged', acknowledge_note: null });
  });

  it("refuses another institute's event (404), guests and read-only tokens (403)", async () => {
    const { line } = await firingLine('Guarded');
    const [event] = await eventsOf(line);
    const { courier } = await instituteIds(server.ctx.db);
    const [{ id: theirLine }]: { id: number }[] = await server.ctx.db.query(
      `INSERT INTO lines (institute_id, name) VALUES ($1, 'Their route') RETURNING id`,
      [courier],
    );
    const [{ id: theirs }]: { id: number }[] = await server.ctx.db.query(
      `INSERT INTO monitoring_events (line_id, rule, side) VALUES ($1, '1_3s', 'above') RETURNING id`,
      [theirLine],
    );
    const note = { note: 'Not ours' };
    expect((await member.post(`/v2/events/${theirs}/acknowledge`, note)).status).toBe(404);
    expect((await member.get(`/v2/events/${theirs}`)).status).toBe(404);
    expect((await guest.post(`/v2/events/${event.id}/acknowledge`, note)).status).toBe(403);
    const token = await member.post('/v2/account/tokens', {
      name: 'read only',
      scope: 'read',
      institute: hospital,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(token.status).toBe(201);
    const reader = member.as(token.body.token);
    expect((await reader.get(`/v2/events/${event.id}`)).status).toBe(200);
    expect((await reader.post(`/v2/events/${event.id}/acknowledge`, note)).status).toBe(403);
    const after = await member.get(`/v2/events/${event.id}`);
    expect(after.body).toMatchObject({ status: 'open', acknowledge_note: null });
    const [{ status }]: { status: string }[] = await server.ctx.db.query(
      'SELECT status FROM monitoring_events WHERE id = $1',
      [theirs],
    );
    expect(status).toBe('open');
  });
});
