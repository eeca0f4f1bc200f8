import type { LineStatistics } from '../../../shared/api/lines';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../shared/api/statistics';
import { includedRecordSql } from '../../../shared/domain/included-record';
import { rejectionBand } from '../../../shared/domain/rejection-bands';
import { ANALYTES, rejectionForValue } from '../../../shared/rejection/model';
import { expected } from '../../../shared/vial/testing/fixtures';
import { summarize } from '../../../shared/vial/statistics';
import type { RecordMetrics } from '../../../shared/vial/record-metrics';
import { instituteIds, insertProcessedRecords } from '../../../testing/lines';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';
import { OUT_OF_RANGE_FOR_REVALIDATION } from '../../../shared/domain/out-of-range';
import {
  fillMissingRejection,
  rejectionSettings,
  storedRejection,
} from '../../domain/rejection/service';
import { processRecord } from '../../pipeline/process-record';

/**
 * A line's statistics come from its tally (migration LineTallies), kept by triggers and by the
 * stored rejection probabilities. After every kind of write they must equal what the records
 * themselves give, computed afresh as before: every included record read, the model evaluated
 * at the institute's current settings. Likewise its out-of-range count, cached in the tally with
 * the range and date it counts against (migration LineOutOfRangeCounts), and the advice it gives,
 * through every change of the baseline too.
 */
let server: TestServer;
let staff: ApiClient, member: ApiClient, admin: ApiClient;
let hospital: number, courier: number;
let lines: { id: number; institute: number }[];

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, admin] = await Promise.all(
    ['staff', 'member', 'admin'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  await server.ctx.db.query('UPDATE institutes SET feature_flags = $2 WHERE id = $1', [
    hospital,
    JSON.stringify({ clinicalData: true }),
  ]);
  lines = [];
  for (const [name, institute] of [
    ['Alpha', hospital],
    ['Beta', hospital],
    ['Gamma', courier],
  ] as const) {
    const client = institute === hospital ? member : staff;
    const res = await client.post(`/v2/institutes/${institute}/lines`, { name });
    lines.push({ id: res.body.id, institute });
  }
});
afterAll(() => server.stop());

/** The statistics of a line as the server computed them before tallies: from every record. */
async function freshStatistics(lineId: number, instituteId: number): Promise<LineStatistics> {
  const rows: { auc: number; metrics: RecordMetrics }[] = await server.ctx.db.query(
    `SELECT r.auc, r.metrics FROM records r WHERE r.line_id = $1 AND ${includedRecordSql('r')}`,
    [lineId],
  );
  const { thresholds, model } = await rejectionSettings(server.ctx.db.manager, instituteId);
  const figures = (values: number[]) => {
    const { mean, stddev, cv } = summarize(values);
    return { mean, stddev, cv };
  };
  const n = rows.length;
  const temperatures = rows.flatMap((r) => r.metrics.mean_kinetic_temperature ?? []);
  const mean_kinetic_temperature = summarize(temperatures).mean;
  if (n < MIN_RECORDS_FOR_STATISTICS) {
    const none = { mean: null, stddev: null, cv: null };
    return {
      record_count: n,
      auc: { ...none, performance: null, rejection_rates: null },
      auc_225hz: none,
      power: none,
      mean_kinetic_temperature,
    };
  }
  const rates = { ldh: 0, asat: 0, potassium: 0 };
  for (const { auc } of rows) {
    const byAnalyte = rejectionForValue(auc, thresholds, model);
    for (const a of ANALYTES) rates[a] += byAnalyte[a].probability / n;
  }
  return {
    record_count: n,
    auc: {
      ...figures(rows.map((r) => r.auc)),
      performance: rejectionBand(Math.max(rates.ldh, rates.asat, rates.potassium)),
      rejection_rates: rates,
    },
    auc_225hz: figures(rows.map((r) => r.metrics.auc_225hz)),
    power: figures(rows.map((r) => r.metrics.power)),
    mean_kinetic_temperature,
  };
}

/** Equal up to floating point: every number within 1e-9 of its size. */
function expectClose(actual: unknown, wanted: unknown, path = 'statistics'): void {
  if (typeof wanted === 'number' && typeof actual === 'number') {
    if (Math.abs(actual - wanted) > 1e-9 * Math.max(1, Math.abs(wanted))) {
      throw new Error(`${path}: ${actual} instead of ${wanted}`);
    }
  } else if (wanted && typeof wanted === 'object') {
    expect(Object.keys(actual as object).sort()).toEqual(Object.keys(wanted).sort());
    for (const [key, value] of Object.entries(wanted)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else {
    expect(actual).toEqual(wanted);
  }
}

interface Monitored {
  validation: { validation_id: number } | null;
  validation_statistics: { range: { lower: number; upper: number } | null } | null;
  next_validation_date: string | null;
  out_of_range_count: number;
  revalidation_reason: string | null;
}

/** Every out-of-range count the lines answered: the test must see some, and enough to advise. */
const outOfRangeCounts: number[] = [];

/** The line's out-of-range count and advice as counted before the cache: from its records. */
async function expectFreshMonitoring(lineId: number, line: Monitored): Promise<void> {
  const range = line.validation_statistics?.range;
  const [{ count }] = range
    ? await server.ctx.db.query(
        `SELECT count(*)::int AS count FROM records r JOIN validations v ON v.id = $2
         WHERE r.line_id = $1 AND ${includedRecordSql('r')} AND r.date > v.completed_at
           AND (r.auc < $3 OR r.auc > $4)`,
        [lineId, line.validation!.validation_id, range.lower, range.upper],
      )
    : [{ count: 0 }];
  const today = new Date().toISOString().slice(0, 10);
  const reason = !line.validation
    ? null
    : count >= OUT_OF_RANGE_FOR_REVALIDATION
      ? 'out_of_range'
      : today >= line.next_validation_date!
        ? 'baseline_due'
        : null;
  expect({ lineId, count: line.out_of_range_count, reason: line.revalidation_reason }).toEqual({
    lineId,
    count,
    reason,
  });
  outOfRangeCounts.push(count);
}

async function expectFresh(): Promise<void> {
  const listed = await staff.get(`/v2/institutes/${hospital}/lines?size=100`);
  for (const line of lines) {
    const wanted = await freshStatistics(line.id, line.institute);
    const detail = await staff.get(`/v2/lines/${line.id}`);
    expectClose(detail.body.line_statistics, wanted, `line ${line.id}`);
    await expectFreshMonitoring(line.id, detail.body);
    const inList = listed.body.items.find((l: { id: number }) => l.id === line.id);
    if (line.institute === hospital) {
      expectClose(inList.line_statistics, wanted);
      await expectFreshMonitoring(line.id, inList);
    }
  }
}

/** What processing stores when a hospital record's run gives another VitalMetric. */
async function reprocessedAs(id: number, auc: number): Promise<void> {
  const stored = storedRejection(auc, await rejectionSettings(server.ctx.db.manager, hospital));
  await server.ctx.db.query(
    `UPDATE records SET auc = $2, rejection = $3, p_ldh = $4, p_asat = $5, p_potassium = $6
     WHERE id = $1`,
    [id, auc, stored.rejection, stored.pLdh, stored.pAsat, stored.pPotassium],
  );
}

/** A validation of the hospital's lines with records on them, completed. */
async function completedValidation(
  name: string,
  baseline: boolean,
  records: Record<number, number[]>,
): Promise<{ id: number; records: number[] }> {
  const { body: validation } = await member.post(`/v2/institutes/${hospital}/validations`, {
    name,
    start_date: new Date().toISOString().slice(0, 10),
    duration_days: 1,
    baseline,
    lines: Object.keys(records).map(Number),
  });
  const ids: number[] = [];
  for (const [line, aucs] of Object.entries(records)) {
    ids.push(
      ...(await insertProcessedRecords(
        server.ctx.db,
        hospital,
        Number(line),
        aucs.map((auc) => ({
          auc,
          validationId: validation.id,
          date: new Date(Date.now() - 1000),
        })),
      )),
    );
  }
  expect((await member.post(`/v2/validations/${validation.id}/complete`)).status).toBe(200);
  return { id: validation.id, records: ids };
}

it('equal a fresh computation after every kind of write', async () => {
  const [alpha, beta, gamma] = lines.map((l) => l.id);
  // A baseline on two lines: the records below count against its range.
  const first = await completedValidation('First baseline', true, {
    [alpha]: [170, 175, 180, 185, 190],
    [beta]: [1234, 1234.5, 1235],
  });
  await expectFresh();
  // Realistic values, and values whose spread is tiny beside their mean (no cancellation).
  const onAlpha = await insertProcessedRecords(
    server.ctx.db,
    hospital,
    alpha,
    Array.from({ length: 12 }, (_, i) => ({
      auc: 180 + 37.3 * Math.sin(i),
      auc225: 90 + i / 7,
      power: 0.01 * (1 + i),
      meanKineticTemperature: i % 4 === 0 ? null : 4 + i / 3,
    })),
  );
  const onBeta = await insertProcessedRecords(
    server.ctx.db,
    hospital,
    beta,
    Array.from({ length: 6 }, (_, i) => ({ auc: 1234.5678 + 1e-6 * i })),
  );
  await insertProcessedRecords(server.ctx.db, courier, gamma, [{ auc: 80 }, { auc: 95 }]);
  await expectFresh();

  // Upload and processing: a processed run put on a line, then processed again.
  await registerFixtureVials(staff, hospital);
  const run = Object.values(expected.records)[0];
  const uploaded = (await uploadFixture(member, hospital, run.file, run.vial_uuid)).body.id;
  await waitProcessed(member, uploaded);
  await member.patch(`/v2/records/${uploaded}`, { line: alpha });
  await expectFresh();
  await server.ctx.db.query(
    `UPDATE records SET auc = NULL, metrics = NULL, is_processed = false WHERE id = $1`,
    [uploaded],
  );
  await expectFresh();
  await processRecord(server.ctx, uploaded);
  await expectFresh();

  // Review, exclude, hidden, test run, error flags, one by one and in bulk.
  for (const patch of [
    { is_reviewed: true },
    { exclude: true },
    { exclude: false },
    { hidden: true },
    { hidden: false },
    { test_run: true },
    { flatline_error: true },
  ]) {
    expect((await staff.patch(`/v2/records/${onAlpha[1]}`, patch)).status).toBe(200);
    await expectFresh();
  }
  await member.post(`/v2/institutes/${hospital}/records/bulk`, {
    ids: onAlpha.slice(2, 5),
    exclude: true,
  });
  await expectFresh();

  // Another line, one by one and in bulk; another institute.
  await member.patch(`/v2/records/${onAlpha[5]}`, { line: beta });
  await member.post(`/v2/institutes/${hospital}/records/bulk`, {
    ids: onAlpha.slice(6, 8),
    line: beta,
  });
  await expectFresh();
  const moved = await staff.patch(`/v2/records/${onBeta[0]}`, { institute: courier });
  expect(moved.status).toBe(200);
  await staff.patch(`/v2/records/${onBeta[0]}`, { line: gamma });
  await expectFresh();

  // Deleted records.
  await server.ctx.db.query('DELETE FROM records WHERE id = ANY($1)', [[onBeta[1], onAlpha[8]]]);
  await expectFresh();

  // New thresholds, then a model calibrated from clinical data (records recomputed).
  const thresholds = { ldh_threshold: 20, asat_threshold: 35, potassium_threshold: 80 };
  expect((await admin.patch(`/v2/institutes/${hospital}/analyzer`, thresholds)).status).toBe(200);
  await expectFresh();
  const before = (await staff.get(`/v2/lines/${alpha}`)).body.line_statistics.auc.rejection_rates;
  const linked = await insertProcessedRecords(
    server.ctx.db,
    hospital,
    beta,
    Array.from({ length: 10 }, (_, i) => ({ auc: i < 5 ? 100 : 200 })),
  );
  for (const [i, record] of linked.entries()) {
    const baseline = Math.exp(i % 2 === 0 ? 1 : 3);
    const entry = { date: '2025-05-01', record, h_index_baseline: baseline, h_index: baseline + 4 };
    expect((await member.post(`/v2/institutes/${hospital}/clinical-data`, entry)).status).toBe(201);
  }
  const model = (await staff.get(`/v2/institutes/${hospital}/analyzer/rejection?value=1`)).body
    .model;
  expect(model.source).toBe('calibrated');
  const after = (await staff.get(`/v2/lines/${alpha}`)).body.line_statistics.auc.rejection_rates;
  expect(after).not.toEqual(before);
  await expectFresh();

  // Records stored before the probabilities were get them when the worker starts.
  await server.ctx.db.query(
    'UPDATE records SET p_ldh = NULL, p_asat = NULL, p_potassium = NULL WHERE line_id = $1',
    [alpha],
  );
  expect(await fillMissingRejection(server.ctx)).toBeGreaterThan(0);
  await expectFresh();

  // The baseline's own records edited, excluded, moved to another line, reprocessed.
  await staff.patch(`/v2/records/${first.records[0]}`, { exclude: true });
  await expectFresh();
  expect((await member.patch(`/v2/records/${first.records[1]}`, { line: beta })).status).toBe(200);
  await expectFresh();
  await reprocessedAs(first.records[2], 187);
  await expectFresh();
  // A record after the baseline reprocessed with another VitalMetric.
  await reprocessedAs(onAlpha[9], 400);
  await expectFresh();

  // Another validation completed: not the baseline while the first is flagged, then it is.
  const second = await completedValidation('Second', false, { [alpha]: [300, 310, 320] });
  await expectFresh();
  await server.ctx.db.query('UPDATE validations SET baseline = false WHERE id = $1', [first.id]);
  await expectFresh();
  await server.ctx.db.query('UPDATE validations SET baseline = true WHERE id = $1', [second.id]);
  await server.ctx.db.query('UPDATE validations SET baseline = true WHERE id = $1', [first.id]);
  await expectFresh();
  expect((await member.delete(`/v2/validations/${second.id}`)).status).toBe(204);
  await expectFresh();
  expect((await member.delete(`/v2/validations/${first.id}`)).status).toBe(204);
  await expectFresh();

  expect(Math.max(...outOfRangeCounts)).toBeGreaterThanOrEqual(OUT_OF_RANGE_FOR_REVALIDATION);
});
