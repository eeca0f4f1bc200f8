import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

let server: TestServer;
let member: ApiClient;
let guest: ApiClient;
let hospital: number;
let lineA: number;
let lineB: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('member@example.org');
  guest = await server.login('guest@example.org');
  ({ hospital } = await instituteIds(server.ctx.db));
  lineA = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Line A' })).body.id;
  lineB = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Line B' })).body.id;
});
afterAll(() => server.stop());

const start = (body: object, client = member) =>
  client.post(`/v2/institutes/${hospital}/validations`, {
    name: 'Validation',
    start_date: '2026-01-10',
    duration_days: 2,
    lines: [lineA],
    ...body,
  });
const fieldError = (res: { body: any }) => res.body.detail[0];

describe('validation create rules', () => {
  it.each([
    [{ name: undefined }, 'name', 'Validation Name is required'],
    [{ name: '  ' }, 'name', 'Validation Name is required'],
    [{ name: 'x'.repeat(81) }, 'name', 'Name is too long.'],
    [{ start_date: undefined }, 'start_date', 'Start Date is required'],
    [{ start_date: '' }, 'start_date', 'Start Date is required'],
    [{ duration_days: undefined }, 'duration_days', 'Duration is required'],
    [{ duration_days: 0 }, 'duration_days', 'Duration must be between 1 and 3 days.'],
    [{ duration_days: 4 }, 'duration_days', 'Duration must be between 1 and 3 days.'],
    [{ lines: [] }, 'lines', 'Select at least one line for the validation'],
    [{ lines: undefined }, 'lines', 'Select at least one line for the validation'],
  ])('refuses %j', async (body, field, msg) => {
    const res = await start({ name: 'Rules', ...body });
    expect(res.status).toBe(422);
    expect(fieldError(res)).toMatchObject({ loc: ['body', field], msg });
  });

  it('accepts 1 and 3 days, with end date and next validation date', async () => {
    const one = await start({ name: 'One day', duration_days: 1 });
    const three = await start({ name: 'Three days', duration_days: 3, start_date: '2026-08-31' });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      status: 'inprogress',
      start_date: '2026-01-10',
      end_date: '2026-01-11',
      next_validation_date: '2026-07-10',
      lines: [lineA],
      baseline: false,
      completed_at: null,
      report: null,
    });
    expect(three.body).toMatchObject({
      end_date: '2026-09-03',
      next_validation_date: '2027-02-28',
    });
  });

  it('keeps names unique whatever their case', async () => {
    expect((await start({ name: 'Spring Check' })).status).toBe(201);
    for (const name of ['spring check', 'SPRING CHECK', ' Spring Check ']) {
      const res = await start({ name });
      expect(res.status).toBe(422);
      expect(fieldError(res)).toMatchObject({
        loc: ['body', 'name'],
        msg: 'Validation Name already exists',
      });
    }
    const found = await member.get(
      `/v2/institutes/${hospital}/validations?name__iexact=SPRING%20check`,
    );
    expect(found.body.items.map((v: any) => v.name)).toEqual(['Spring Check']);
  });

  it('refuses guests', async () => {
    expect((await start({ name: 'By guest' }, guest)).status).toBe(403);
  });
});

describe('validation life cycle', () => {
  it('links records only while in progress, counts progress, then refuses edits once completed', async () => {
    const { body: v } = await start({
      name: 'Life cycle',
      duration_days: 1,
      lines: [lineA, lineB],
    });
    const [onA, onA2] = await insertProcessedRecords(server.ctx.db, hospital, lineA, [
      { auc: 100 },
      { auc: 120 },
    ]);
    const [onB] = await insertProcessedRecords(server.ctx.db, hospital, lineB, [{ auc: 200 }]);
    const [unrelated] = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Line C' })).body.id,
      [{ auc: 90 }],
    );
    for (const id of [onA, onA2, onB]) {
      expect((await member.patch(`/v2/records/${id}`, { validation: v.id })).status).toBe(200);
    }
    const refused = await member.patch(`/v2/records/${unrelated}`, { validation: v.id });
    expect(refused.status).toBe(422);

    const summary = await member.get(`/v2/validations/${v.id}/summary`);
    expect(summary.body).toEqual({
      lines: [
        {
          line_id: lineA,
          line_name: 'Line A',
          records: 2,
          records_required: 4,
          records_remaining: 2,
        },
        {
          line_id: lineB,
          line_name: 'Line B',
          records: 1,
          records_required: 4,
          records_remaining: 3,
        },
      ],
      records_required_per_line: 4,
      total_records_remaining: 5,
    });
    const byLine = await member.get(`/v2/institutes/${hospital}/validations?line_id=${lineB}`);
    expect(byLine.body.items.map((x: any) => x.id)).toContain(v.id);

    const edited = await member.patch(`/v2/validations/${v.id}`, {
      name: 'Life cycle 2',
      lines: [lineA],
    });
    expect(edited.body).toMatchObject({ name: 'Life cycle 2', lines: [lineA] });
    // The record of the line that left the validation no longer belongs to it.
    expect((await member.get(`/v2/records/${onB}`)).body.validation).toBeNull();
    const emptyLines = await member.patch(`/v2/validations/${v.id}`, { lines: [] });
    expect(fieldError(emptyLines).msg).toBe('Please select at least 1 line from the list below.');
    expect(fieldError(await member.patch(`/v2/validations/${v.id}`, { name: '' })).msg).toBe(
      'Name is a required field.',
    );

    expect((await guest.post(`/v2/validations/${v.id}/complete`)).status).toBe(403);
    const completed = await member.post(`/v2/validations/${v.id}/complete`);
    expect(completed.body).toMatchObject({ status: 'completed' });
    expect(completed.body.completed_at).not.toBeNull();

    const late = await member.patch(`/v2/validations/${v.id}`, { name: 'Too late' });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('Completed validations cannot be edited.');
    expect((await member.patch(`/v2/records/${onA}`, { validation: null })).status).toBe(200);
    expect((await member.patch(`/v2/records/${onA}`, { validation: v.id })).status).toBe(422);
    expect((await member.post(`/v2/validations/${v.id}/complete`)).status).toBe(400);

    const latest = await member.get(`/v2/institutes/${hospital}/validations/latest`);
    expect(latest.body).toMatchObject({ name: 'Three days', start_date: '2026-08-31' });
    expect((await member.delete(`/v2/validations/${v.id}`)).status).toBe(204);
    expect((await member.get(`/v2/validations/${v.id}`)).status).toBe(404);
  });
});

describe('validated range and out-of-range records', () => {
  it('sets the range from the baseline validation and flags records outside it', async () => {
    const { body: line } = await member.post(`/v2/institutes/${hospital}/lines`, {
      name: 'Ranged',
    });
    const { body: v } = await start({ name: 'Baseline run', baseline: true, lines: [line.id] });
    const aucs = [100, 110, 120, 130, 140];
    const ids = await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      ...aucs.map((auc) => ({ auc, validationId: v.id })),
      { auc: 900, validationId: v.id, exclude: true },
    ]);
    // Before completion there is no validated range.
    expect((await member.get(`/v2/records/${ids[0]}`)).body.out_of_range).toBeNull();

    const stats = (await member.get(`/v2/validations/${v.id}/lines`)).body;
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({ line_id: line.id, line_name: 'Ranged', record_count: 5 });
    expect(stats[0].auc.mean).toBeCloseTo(120, 9);
    await member.post(`/v2/validations/${v.id}/complete`);

    // By hand: μ = 120, s = sqrt((400 + 100 + 0 + 100 + 400) / 4) = sqrt(250).
    const s = Math.sqrt(250);
    const range = { lower: 120 - 2.5758 * s, upper: 120 + 2.5758 * s }; // 79.27 .. 160.73
    const inside = (await member.get(`/v2/records/${ids[0]}`)).body.out_of_range;
    expect(inside.value).toBe(100);
    expect(inside.validated).toBe(true);
    expect(inside.out_of_range).toBe(false);
    expect(inside.range.lower).toBeCloseTo(range.lower, 9);
    expect(inside.range.upper).toBeCloseTo(range.upper, 9);

    const later = new Date(Date.now() + 60_000);
    const after = await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      { auc: 50, date: later },
      { auc: 170, date: later },
      { auc: 200, date: later },
      { auc: 150, date: later },
    ]);
    const flagged = await member.get(
      `/v2/institutes/${hospital}/records?line_id=${line.id}&size=50`,
    );
    const byId = new Map(flagged.body.items.map((r: any) => [r.id, r.out_of_range.out_of_range]));
    expect(after.map((id) => byId.get(id))).toEqual([true, true, true, false]);

    let detail = (await member.get(`/v2/lines/${line.id}`)).body;
    expect(detail).toMatchObject({
      validation: { validation_id: v.id, validation_start_date: '2026-01-10' },
      out_of_range_count: 3,
      next_validation_date: '2026-07-10',
    });
    expect(detail.validation_statistics).toMatchObject({
      validation_id: v.id,
      validated: true,
      record_count: 5,
    });
    expect(detail.validation_statistics.range.upper).toBeCloseTo(range.upper, 9);
    expect(detail.line_statistics.record_count).toBe(9);

    await insertProcessedRecords(server.ctx.db, hospital, line.id, [{ auc: 10, date: later }]);
    detail = (await member.get(`/v2/lines/${line.id}`)).body;
    expect(detail).toMatchObject({
      out_of_range_count: 4,
      revalidation_recommended: true,
      revalidation_reason: 'out_of_range',
    });

    const history = (await member.get(`/v2/lines/${line.id}/validations`)).body;
    expect(history.items[0]).toMatchObject({
      validation_id: v.id,
      validation_name: 'Baseline run',
      validation_start_date: '2026-01-10',
      record_count: 5,
    });
    expect(history.items[0].auc.cv).toBeCloseTo((100 * s) / 120, 9);
  });

  it('falls back to the latest completed validation, unvalidated, and is due after six months', async () => {
    const { body: line } = await member.post(`/v2/institutes/${hospital}/lines`, {
      name: 'Unflagged',
    });
    const { body: v } = await start({
      name: 'Plain run',
      start_date: '2025-01-01',
      lines: [line.id],
    });
    const [id] = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      line.id,
      [200, 220, 240].map((auc) => ({ auc, validationId: v.id })),
    );
    await member.post(`/v2/validations/${v.id}/complete`);
    const range = (await member.get(`/v2/records/${id}`)).body.out_of_range;
    expect(range.validated).toBe(false);
    expect(range.range.lower).toBeCloseTo(220 - 2.5758 * 20, 9);
    expect((await member.get(`/v2/lines/${line.id}`)).body).toMatchObject({
      revalidation_recommended: true,
      revalidation_reason: 'baseline_due',
      next_validation_date: '2025-07-01',
    });
  });
});

describe('validation statistics per metric', () => {
  it('gives each line the auc_225hz and power figures a line has, from the validation’s records only', async () => {
    const { body: one } = await member.post(`/v2/institutes/${hospital}/lines`, {
      name: 'Metrics one',
    });
    const { body: two } = await member.post(`/v2/institutes/${hospital}/lines`, {
      name: 'Metrics two',
    });
    const { body: v } = await start({ name: 'Metric run', lines: [one.id, two.id] });
    await insertProcessedRecords(server.ctx.db, hospital, one.id, [
      { auc: 100, auc225: 40, power: 0.2, validationId: v.id },
      { auc: 110, auc225: 50, power: 0.4, validationId: v.id },
      { auc: 120, auc225: 60, power: 0.6, validationId: v.id },
      // Neither an excluded record nor one outside the validation counts.
      { auc: 900, auc225: 900, power: 9, validationId: v.id, exclude: true },
      { auc: 500, auc225: 500, power: 5 },
    ]);
    await insertProcessedRecords(server.ctx.db, hospital, two.id, [
      { auc: 100, auc225: 40, power: 0.2, validationId: v.id },
      { auc: 110, auc225: 50, power: 0.4, validationId: v.id },
    ]);

    const stats = (await member.get(`/v2/validations/${v.id}/lines`)).body;
    expect(stats.map((s: any) => [s.line_name, s.record_count])).toEqual([
      ['Metrics one', 3],
      ['Metrics two', 2],
    ]);
    // By hand: auc_225hz 40, 50, 60: μ = 50, s = sqrt((100 + 0 + 100) / 2) = 10, cv = 20 %;
    // power 0.2, 0.4, 0.6: μ = 0.4, s = sqrt((0.04 + 0 + 0.04) / 2) = 0.2, cv = 50 %.
    const [first, second] = stats;
    expect(first.auc_225hz.mean).toBeCloseTo(50, 9);
    expect(first.auc_225hz.stddev).toBeCloseTo(10, 9);
    expect(first.auc_225hz.cv).toBeCloseTo(20, 9);
    expect(first.power.mean).toBeCloseTo(0.4, 9);
    expect(first.power.stddev).toBeCloseTo(0.2, 9);
    expect(first.power.cv).toBeCloseTo(50, 9);
    expect(first.auc.mean).toBeCloseTo(110, 9);
    // Two records are too few for figures, as on a line.
    expect(second.auc_225hz).toEqual({ mean: null, stddev: null, cv: null });
    expect(second.power).toEqual({ mean: null, stddev: null, cv: null });

    // The same figures, in the same shape, as the line's validation history gives.
    const history = (await member.get(`/v2/lines/${one.id}/validations`)).body;
    const row = history.items.find((r: any) => r.validation_id === v.id);
    expect(row).toMatchObject({
      record_count: 3,
      auc_225hz: first.auc_225hz,
      power: first.power,
      auc: first.auc,
    });
  });
});
