import { countRules, evaluateSequence, EWMA_LAMBDA } from '../../../shared/domain/monitoring-rules';
import { simulateRun } from '../../../shared/vial/simulate';
import { summarize, Z_99 } from '../../../shared/vial/statistics';
import type { ApiClient } from '../../../testing/http';
import { instituteIds } from '../../../testing/lines';
import { registerFixtureVials, runForm, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * GET /v2/lines/{id}/monitoring on simulated runs uploaded and processed as a vial's would be:
 * the baseline, the sequence, z and the EWMA recomputed here from the records' own VitalMetric.
 */
let server: TestServer;
let staff: ApiClient, member: ApiClient, guest: ApiClient, admin: ApiClient;
let hospital: number, courier: number;
let vialUuid: string;
let seed = 0;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest, admin] = await Promise.all(
    ['staff', 'member', 'guest', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  [vialUuid] = (await registerFixtureVials(staff, hospital)).values();
});
afterAll(() => server.stop());

interface Uploaded {
  id: number;
  auc: number;
  date: string;
}

/** Uploads a simulated run started at `startMs` and waits for its processing. */
async function uploadRun(startMs: number, roughness: number, runSeed = ++seed): Promise<Uploaded> {
  const bytes = simulateRun({
    seed: runSeed,
    roughness,
    startMs,
    vialUuid,
    transitSeconds: 30,
    idleSeconds: 5,
    sequence: ++seed,
  });
  const res = await member.multipart(
    `/v2/institutes/${hospital}/record-upload`,
    runForm(bytes, vialUuid),
  );
  if (res.status !== 201) throw new Error(`Upload refused: ${JSON.stringify(res.body)}`);
  const record = await waitProcessed(member, res.body.id);
  expect(record.processing_error).toBeNull();
  return { id: record.id, auc: record.metrics.auc, date: record.date };
}

async function newLine(name: string): Promise<number> {
  return (await member.post(`/v2/institutes/${hospital}/lines`, { name })).body.id;
}

/** A completed validation of these lines, each with records of the given roughness. */
async function completedValidation(name: string, roughness: Record<number, number[]>) {
  const { body: validation } = await member.post(`/v2/institutes/${hospital}/validations`, {
    name,
    start_date: new Date().toISOString().slice(0, 10),
    duration_days: 1,
    baseline: true,
    lines: Object.keys(roughness).map(Number),
  });
  const records: Record<number, Uploaded[]> = {};
  const startMs = Date.now() - 86_400_000;
  for (const [line, values] of Object.entries(roughness)) {
    records[Number(line)] = [];
    for (const [k, r] of values.entries()) {
      // Same roughness, same seed: the same accelerations, so the same VitalMetric.
      const run = await uploadRun(startMs + 60_000 * k, r, r === 0.8 ? 8 : undefined);
      const patched = await member.patch(`/v2/records/${run.id}`, {
        line: Number(line),
        validation: validation.id,
      });
      expect(patched.status).toBe(200);
      records[Number(line)].push(run);
    }
  }
  const completed = await member.post(`/v2/validations/${validation.id}/complete`);
  expect(completed.status).toBe(200);
  return { validation: completed.body, records };
}

const monitoring = (client: ApiClient, line: number, query = '') =>
  client.get(`/v2/lines/${line}/monitoring${query}`);

const NOT_MONITORED = { baseline: null, total: 0, points: [], monitored: false };

it('judges the records since the baseline against it, whole sequence, paged back', async () => {
  const line = await newLine('Monitored');
  const other = await newLine('Other');
  expect((await monitoring(guest, line)).body).toMatchObject({
    line_id: line,
    reason: 'no_baseline',
    ...NOT_MONITORED,
  });

  const { validation, records } = await completedValidation('Baseline', {
    [line]: [0.9, 1.0, 1.1, 0.95, 1.05],
  });
  const baselineAucs = records[line].map((r) => r.auc);

  // Before the completion: on the line, but not in the sequence.
  const before = await uploadRun(Date.now() - 3_600_000, 3);
  await member.patch(`/v2/records/${before.id}`, { line });
  // The sequence: a steady run, a drift upward, a drop, a jump; two runs at one instant.
  const after = Date.now() + 60_000;
  const roughness = [1, 1.05, 0.95, 1.2, 1.3, 1.4, 1.5, 1.6, 0.6, 2.5, 1, 1.02, 1.3, 1.3];
  const sequence: Uploaded[] = [];
  for (const [k, r] of roughness.entries()) {
    sequence.push(await uploadRun(after + 60_000 * Math.min(k, 12), r));
  }
  const excluded = await uploadRun(after + 30_000, 1.5);
  const elsewhere = await uploadRun(after + 30_000, 1.5);
  for (const r of [...sequence, excluded]) await member.patch(`/v2/records/${r.id}`, { line });
  await member.patch(`/v2/records/${excluded.id}`, { exclude: true });
  await member.patch(`/v2/records/${elsewhere.id}`, { line: other });

  // What the spec says, from the records' own VitalMetric.
  const { mean, stddev } = summarize(baselineAucs);
  const μ = mean!;
  const s = stddev!;
  const ordered = [...sequence].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  let e = 0;
  const wanted = ordered.map((r, k) => {
    const z = (r.auc - μ) / s;
    e = EWMA_LAMBDA * z + (1 - EWMA_LAMBDA) * e;
    const limit =
      3 * Math.sqrt((EWMA_LAMBDA / (2 - EWMA_LAMBDA)) * (1 - (1 - EWMA_LAMBDA) ** (2 * (k + 1))));
    return {
      record_id: r.id,
      date: new Date(r.date).toISOString(),
      value: r.auc,
      z,
      ewma: e,
      ewma_limit: limit,
    };
  });
  const { points: judged } = evaluateSequence(
    ordered.map((r) => r.auc),
    { n: 5, mean: μ, sd: s, lower: Math.max(0, μ - Z_99 * s), upper: μ + Z_99 * s },
  );

  const whole = await monitoring(guest, line);
  expect(whole.status).toBe(200);
  expect(whole.body).toMatchObject({
    line_id: line,
    monitored: true,
    reason: null,
    total: sequence.length,
    rule_counts: countRules(judged),
    baseline: {
      validation_id: validation.id,
      validation_name: 'Baseline',
      n: 5,
      completed_at: validation.completed_at,
    },
  });
  const { baseline, points } = whole.body;
  for (const [key, value] of Object.entries({
    mean: μ,
    sd: s,
    lower: μ - Z_99 * s,
    upper: μ + Z_99 * s,
  })) {
    expect(baseline[key]).toBeCloseTo(value, 9);
  }
  expect(points.map((p: { record_id: number }) => p.record_id)).toEqual(
    wanted.map((w) => w.record_id),
  );
  points.forEach((p: Record<string, number>, k: number) => {
    expect(p.date).toBe(wanted[k].date);
    for (const key of ['value', 'z', 'ewma', 'ewma_limit'] as const) {
      expect(p[key]).toBeCloseTo(wanted[k][key], 9);
    }
  });
  // The spec's rule and side of each firing (beside them, the event it reached: events.api.test.ts).
  const firings = (p: { rules: { rule: string; side: string }[] }) =>
    p.rules.map(({ rule, side }) => ({ rule, side }));
  expect(points.map(firings)).toEqual(judged.map((p) => p.rules));
  // The runs were made to cross rules: the test would prove little otherwise.
  const fired = Object.entries(whole.body.rule_counts).filter(([, n]) => (n as number) > 0);
  expect(fired.map(([rule]) => rule)).toEqual(expect.arrayContaining(['1_2s', 'ewma']));

  // A page: the last records, with the z and EWMA of the whole sequence; then the page before.
  const last = await monitoring(member, line, '?limit=4');
  expect(last.body.points).toEqual(points.slice(-4));
  expect(last.body.total).toBe(sequence.length);
  expect(last.body.rule_counts).toEqual(whole.body.rule_counts);
  const back = await monitoring(
    member,
    line,
    `?limit=4&before=${points[points.length - 4].record_id}`,
  );
  expect(back.body.points).toEqual(points.slice(-8, -4));
  const first = await monitoring(member, line, `?before=${points[2].record_id}`);
  expect(first.body.points).toEqual(points.slice(0, 2));
  expect((await monitoring(member, line, `?before=${points[0].record_id}`)).body.points).toEqual(
    [],
  );

  // Out of the sequence, out of bounds.
  for (const id of [excluded.id, before.id, elsewhere.id, records[line][0].id]) {
    const refused = await monitoring(member, line, `?before=${id}`);
    expect({ id, status: refused.status, detail: typeof refused.body.detail }).toEqual({
      id,
      status: 404,
      detail: 'string',
    });
  }
  for (const limit of ['0', '5001', '1.5', 'x']) {
    expect((await monitoring(member, line, `?limit=${limit}`)).status).toBe(422);
  }
  expect((await monitoring(member, line, '?limit=5000')).body.points).toHaveLength(sequence.length);
});

it('says why a line is not monitored: too few baseline records, or no spread', async () => {
  const few = await newLine('Few');
  const flat = await newLine('Flat');
  await completedValidation('Small', { [few]: [1, 1.2], [flat]: [0.8, 0.8, 0.8] });
  for (const [line, reason] of [
    [few, 'too_few_records'],
    [flat, 'no_spread'],
  ] as const) {
    const res = await monitoring(member, line);
    expect(res.body).toEqual({
      line_id: line,
      reason,
      ...NOT_MONITORED,
      rule_counts: countRules([]),
    });
  }
});

it("answers 404 for another institute's line, as if it did not exist", async () => {
  const courierLine = (await admin.post(`/v2/institutes/${courier}/lines`, { name: 'Away' })).body
    .id;
  const res = await monitoring(member, courierLine);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ detail: expect.any(String) });
  expect((await monitoring(admin, courierLine)).status).toBe(200);
  expect((await monitoring(member, 2_000_000_000)).status).toBe(404);
});
