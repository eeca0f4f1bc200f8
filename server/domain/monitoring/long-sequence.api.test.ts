import { INCLUDED_RECORD_COLUMNS } from '../../../shared/domain/included-record';
import {
  countRules,
  evaluateSequence,
  EVALUATION_WARM_UP,
  isAlarm,
  monitoringBaseline,
  type MonitoringBaseline,
  type RuleFiring,
} from '../../../shared/domain/monitoring-rules';
import type { ApiClient } from '../../../testing/http';
import {
  daysAgo,
  insertMonitoredLine,
  insertProcessedRecords,
  instituteIds,
} from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { SEQUENCE_COLUMNS } from '../../db/migrations/1795567012053-LineSequenceSummaries';

/**
 * A line with years of records: its monitoring reads the page and the EVALUATION_WARM_UP records
 * before it, with the whole sequence's total and rule counts from the line's summary, and answers
 * exactly what the whole sequence gives; the events of a record that enters read as little.
 */
let server: TestServer;
let member: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.login('member@example.org');
  ({ hospital } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

/** Baseline VitalMetrics of mean 1 and SD 0.079: its 99% range is 0.80 to 1.20. */
const BASELINE = [0.9, 1.0, 1.1, 0.95, 1.05];
const figures = monitoringBaseline(BASELINE) as MonitoringBaseline;
const MINUTE = 60_000;

/** A line that wanders for `count` records: noise, a step, spikes and dips beyond the range, a drift. */
function wandering(count: number): number[] {
  return Array.from({ length: count }, (_, k) => {
    const noise = 0.06 * Math.sin(k * 1.7) + 0.04 * Math.cos(k * 0.31);
    const step = k > 600 && k < 700 ? 0.12 : 0;
    const spike = k % 97 === 0 ? 0.3 : 0;
    const drift = k > count - 60 ? (k - (count - 60)) * 0.004 : 0;
    const dip = k % 211 === 5 ? -0.35 : 0;
    return 1 + noise + step + spike + drift + dip;
  });
}

/** A monitored line with `values` after its baseline, a minute apart: their ids, oldest first. */
async function longLine(name: string, values: number[]) {
  const { line } = await insertMonitoredLine(
    server.ctx.db,
    hospital,
    { line: name, validation: `${name} baseline` },
    { baseline: BASELINE, since: [] },
  );
  const start = daysAgo(29).getTime();
  const ids = await insertProcessedRecords(
    server.ctx.db,
    hospital,
    line.id,
    values.map((auc, k) => ({ auc, date: new Date(start + k * MINUTE) })),
  );
  return { line: line.id, ids };
}

const monitoring = async (line: number, query = '') => {
  const res = await member.get(`/v2/lines/${line}/monitoring${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** The points the whole sequence gives records `from` to `to`, as the API shows them. */
function wanted(values: number[], ids: number[], from: number, to: number) {
  const { points } = evaluateSequence(values, figures);
  return points.slice(from, to).map((p, k) => ({
    record_id: ids[from + k],
    value: p.value,
    z: p.z,
    ewma: p.ewma,
    ewma_limit: p.ewmaLimit,
    rules: p.rules,
  }));
}

/** The points without their dates, and each firing as the spec gives it (its rule and side). */
const withoutDates = (points: (Record<string, unknown> & { rules: RuleFiring[] })[]) =>
  points.map(({ date: _date, rules, ...point }) => ({
    ...point,
    rules: rules.map(({ rule, side }) => ({ rule, side })),
  }));

it('answers a long sequence from its last records exactly as from the whole sequence', async () => {
  const values = wandering(1500);
  const { line, ids } = await longLine('Long sequence', values);
  const counts = countRules(evaluateSequence(values, figures).points);
  // The line crosses every rule: the test would prove little otherwise.
  expect(Object.values(counts).every((n) => n > 0)).toBe(true);

  const computed = await monitoring(line, '?limit=300');
  const [kept] = await server.ctx.db.query(
    'SELECT computed_version = version AS holds FROM line_sequence_summaries WHERE line_id = $1',
    [line],
  );
  expect(kept).toEqual({ holds: true });
  const summarized = await monitoring(line, '?limit=300');
  expect(summarized).toEqual(computed);
  expect(summarized).toMatchObject({ total: 1500, rule_counts: counts });
  expect(withoutDates(summarized.points)).toEqual(wanted(values, ids, 1200, 1500));

  // Pages back, near the start (the warm-up reaches the first record) and far from it.
  for (const [before, limit] of [
    [1000, 200],
    [EVALUATION_WARM_UP + 5, 10],
    [350, 200],
    [3, 200],
  ]) {
    const page = await monitoring(line, `?limit=${limit}&before=${ids[before]}`);
    expect(withoutDates(page.points)).toEqual(
      wanted(values, ids, Math.max(0, before - limit), before),
    );
  }
  const all = await monitoring(line, '?limit=5000');
  expect(withoutDates(all.points)).toEqual(wanted(values, ids, 0, 1500));
});

it('counts a write to the line in its next answer, whatever wrote it', async () => {
  const values = wandering(700);
  const { line, ids } = await longLine('Written to', values);
  expect((await monitoring(line)).total).toBe(700);

  // The spike at record 97 leaves the sequence, by the API; then a record comes in by SQL.
  expect((await member.patch(`/v2/records/${ids[97]}`, { exclude: true })).status).toBe(200);
  const without = values.filter((_, k) => k !== 97);
  const excluded = await monitoring(line);
  expect(excluded).toMatchObject({
    total: 699,
    rule_counts: countRules(evaluateSequence(without, figures).points),
  });
  await insertProcessedRecords(server.ctx.db, hospital, line, [
    { auc: 1.5, date: new Date(daysAgo(29).getTime() + 30.5 * MINUTE) },
  ]);
  const inserted = [...without.slice(0, 30), values[30], 1.5, ...without.slice(31)];
  expect(await monitoring(line)).toMatchObject({
    total: 700,
    rule_counts: countRules(evaluateSequence(inserted, figures).points),
  });
});

it('opens the re-validation event at the 4th out-of-range record when the first three are far back', async () => {
  // Three out of range at the start, then a long steady stretch, then one more excluded.
  const values = [1.5, 1.5, 1.5, ...Array.from({ length: 900 }, (_, k) => 1 + 0.05 * Math.sin(k))];
  const { line } = await longLine('Re-validation', [...values, 1.5]);
  const [{ id: fourth }]: { id: number }[] = await server.ctx.db.query(
    'SELECT max(id) AS id FROM records WHERE line_id = $1',
    [line],
  );
  // Out of the sequence, by SQL: no evaluation, no event.
  await server.ctx.db.query('UPDATE records SET exclude = true WHERE id = $1', [fourth]);

  expect((await member.patch(`/v2/records/${fourth}`, { exclude: false })).status).toBe(200);
  const events: { rule: string; first_record_id: number }[] = await server.ctx.db.query(
    `SELECT rule, first_record_id FROM monitoring_events WHERE line_id = $1 ORDER BY rule`,
    [line],
  );
  expect(events).toContainEqual({ rule: 'revalidation', first_record_id: fourth });
});

it('opens the events of records re-included deep in a long sequence as the whole sequence fires them', async () => {
  const values = wandering(900);
  const { line, ids } = await longLine('Deep re-inclusion', values);
  // The spike at record 485, far from the end, and the newest record leave the sequence by SQL.
  const deep = 485;
  const newest = values.length - 1;
  await server.ctx.db.query('UPDATE records SET exclude = true WHERE id = ANY($1)', [
    [ids[deep], ids[newest]],
  ]);
  const res = await member.post(`/v2/institutes/${hospital}/records/bulk`, {
    ids: [ids[deep], ids[newest]],
    exclude: false,
  });
  expect(res.status).toBe(200);

  const { points } = evaluateSequence(values, figures);
  const alarms = (k: number) =>
    points[k].rules.filter((f) => isAlarm(f.rule)).map((f) => [f.rule, ids[k]]);
  expect(alarms(deep).length).toBeGreaterThan(0);
  // One event per alarm: opened at the first record it fires at, counting the other.
  const wantedEvents = new Map<string, number[]>();
  for (const [rule, record] of [...alarms(deep), ...alarms(newest)] as [string, number][]) {
    wantedEvents.set(rule, [...(wantedEvents.get(rule) ?? []), record]);
  }
  const events: { rule: string; first_record_id: number; occurrences: number }[] =
    await server.ctx.db.query(
      `SELECT rule, first_record_id, occurrences FROM monitoring_events WHERE line_id = $1 ORDER BY rule`,
      [line],
    );
  expect(events).toEqual(
    [...wantedEvents]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([rule, records]) => ({
        rule,
        first_record_id: records[0],
        occurrences: records.length,
      })),
  );
});

it('raises the summary version on a change of any column the sequence depends on', () => {
  expect(SEQUENCE_COLUMNS).toEqual(
    expect.arrayContaining(['line_id', 'date', 'auc', ...INCLUDED_RECORD_COLUMNS]),
  );
});
