import {
  DEFAULT_MODEL,
  DEFAULT_THRESHOLDS,
  rejectionForValue,
  worstRejectionPercent,
} from '../../../shared/rejection/model';
import type { ApiClient } from '../../../testing/http';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
let staff: ApiClient;
let member: ApiClient;
let guest: ApiClient;
let hospital: number;
let courier: number;

const setFlags = (id: number, flags: Record<string, boolean> | null) =>
  server.ctx.db.query('UPDATE institutes SET feature_flags = $2 WHERE id = $1', [
    id,
    flags === null ? null : JSON.stringify(flags),
  ]);

beforeAll(async () => {
  server = await startTestServer();
  [staff, member, guest] = await Promise.all(
    ['staff', 'member', 'guest'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

describe('the clinicalData flag', () => {
  it('answers 403 with a detail while the flag is off, 404 for another institute', async () => {
    await setFlags(hospital, { clinicalData: false });
    const res = await member.get(`/v2/institutes/${hospital}/clinical-data`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Clinical data is not enabled for this organization.');
    expect((await member.get(`/v2/institutes/${courier}/clinical-data`)).status).toBe(404);
    await setFlags(hospital, { clinicalData: true, hemolysisTracking: true });
    expect((await member.get(`/v2/institutes/${hospital}/clinical-data`)).status).toBe(200);
  });
});

describe('clinical data entries', () => {
  let lineA: number;
  let lineB: number;
  let recordA: number;
  let recordB: number;

  beforeAll(async () => {
    await setFlags(hospital, { clinicalData: true, hemolysisTracking: true });
    lineA = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Alpha line' })).body.id;
    lineB = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Beta line' })).body.id;
    [recordA] = await insertProcessedRecords(server.ctx.db, hospital, lineA, [
      { auc: 300, date: new Date('2025-03-10T10:00:00Z') },
    ]);
    [recordB] = await insertProcessedRecords(server.ctx.db, hospital, lineB, [
      { auc: 400, date: new Date('2025-03-12T10:00:00Z') },
    ]);
  });

  it('validates the date and the values', async () => {
    const empty = await member.post(`/v2/institutes/${hospital}/clinical-data`, { date: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({
      loc: ['body', 'date'],
      msg: 'You cannot have an empty date.',
    });
    const negative = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      ldh: -1,
    });
    expect(negative.status).toBe(422);
    expect(negative.body.detail[0].loc).toEqual(['body', 'ldh']);
  });

  it('lets members create, change and delete; guests only read', async () => {
    const created = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      record: recordA,
      h_index: '12.5',
      h_index_baseline: 4,
      ldh: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      date: '2025-03-10',
      record: recordA,
      record_detail: { id: recordA, line: { id: lineA, name: 'Alpha line' }, auc: 300 },
      h_index: 12.5,
      h_index_baseline: 4,
      ldh: null,
      exclude_from_model: false,
      donor_sample: false,
      labels: [],
    });
    const id = created.body.id;
    expect((await guest.get(`/v2/clinical-data/${id}`)).status).toBe(200);
    expect(
      (await guest.post(`/v2/institutes/${hospital}/clinical-data`, { date: '2025-03-10' })).status,
    ).toBe(403);
    expect((await guest.patch(`/v2/clinical-data/${id}`, { ldh: 3 })).status).toBe(403);
    expect((await guest.delete(`/v2/clinical-data/${id}`)).status).toBe(403);

    const patched = await member.patch(`/v2/clinical-data/${id}`, { ldh: 250, record: null });
    expect(patched.body).toMatchObject({ ldh: 250, h_index: 12.5, record: null });
    expect((await member.delete(`/v2/clinical-data/${id}`)).status).toBe(204);
    expect((await member.get(`/v2/clinical-data/${id}`)).status).toBe(404);
  });

  it("counts a record's linked entries on the record and lists them by record", async () => {
    const count = async () =>
      (await member.get(`/v2/records/${recordB}`)).body.clinical_data_count as number;
    const before = await count();
    const linked = [];
    for (const date of ['2025-03-12', '2025-03-13']) {
      linked.push(
        (await member.post(`/v2/institutes/${hospital}/clinical-data`, { date, record: recordB }))
          .body.id,
      );
    }
    expect(await count()).toBe(before + 2);
    const listed = await member.get(`/v2/institutes/${hospital}/records?line_id=${lineB}`);
    expect(listed.body.items[0].clinical_data_count).toBe(before + 2);
    const entries = await member.get(`/v2/institutes/${hospital}/clinical-data?record=${recordB}`);
    expect(entries.body.items.map((e: { id: number }) => e.id).sort()).toEqual(
      expect.arrayContaining(linked),
    );
    expect(entries.body.total).toBe(before + 2);
    for (const id of linked) await member.delete(`/v2/clinical-data/${id}`);
    expect(await count()).toBe(before);
  });

  it('keeps exclude_from_model and donor_sample to staff', async () => {
    const refused = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      exclude_from_model: true,
    });
    expect(refused.status).toBe(403);
    // A form sending the unchanged values is fine.
    const ok = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      exclude_from_model: false,
      donor_sample: false,
    });
    expect(ok.status).toBe(201);
    const byStaff = await staff.patch(`/v2/clinical-data/${ok.body.id}`, { donor_sample: true });
    expect(byStaff.body.donor_sample).toBe(true);
    expect(
      (await member.patch(`/v2/clinical-data/${ok.body.id}`, { donor_sample: false })).status,
    ).toBe(403);
    await staff.delete(`/v2/clinical-data/${ok.body.id}`);
  });

  it('refuses a record or label of another institute', async () => {
    const [foreign] = await insertProcessedRecords(server.ctx.db, courier, null as never, [
      { auc: 10 },
    ]);
    const res = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      record: foreign,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'record'], msg: 'No such record.' });
    const label = await staff.post(`/v2/institutes/${courier}/labels`, { label: 'Foreign' });
    const withLabel = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-03-10',
      labels: [label.body.id],
    });
    expect(withLabel.status).toBe(422);
  });

  it('lists with the filters and orderings of hemolysis-data.md, page size 10', async () => {
    const label = (await member.post(`/v2/institutes/${hospital}/labels`, { label: 'Paired' })).body
      .id;
    const made: number[] = [];
    for (const [date, record, hIndex, labels] of [
      ['2025-04-01', recordA, 5, [label]],
      ['2025-04-03', recordB, 9, []],
      ['2025-04-02', null, 7, []],
    ] as const) {
      const res = await member.post(`/v2/institutes/${hospital}/clinical-data`, {
        date,
        record,
        h_index: hIndex,
        labels,
      });
      made.push(res.body.id);
    }
    for (let i = 0; i < 9; i += 1)
      await member.post(`/v2/institutes/${hospital}/clinical-data`, { date: '2024-01-01' });

    const all = await member.get(`/v2/institutes/${hospital}/clinical-data`);
    expect(all.body.total).toBe(12);
    expect(all.body.items).toHaveLength(10);
    expect(all.body.items.slice(0, 3).map((e: { date: string }) => e.date)).toEqual([
      '2025-04-03',
      '2025-04-02',
      '2025-04-01',
    ]);

    const range = await member.get(
      `/v2/institutes/${hospital}/clinical-data?date__gte=2025-04-02&date__lt=2025-04-03`,
    );
    expect(range.body.items.map((e: { id: number }) => e.id)).toEqual([made[2]]);
    const byLine = await member.get(`/v2/institutes/${hospital}/clinical-data?line_id=${lineB}`);
    expect(byLine.body.items.map((e: { id: number }) => e.id)).toEqual([made[1]]);
    const byLabel = await member.get(`/v2/institutes/${hospital}/clinical-data?labels=${label}`);
    expect(byLabel.body.items.map((e: { id: number }) => e.id)).toEqual([made[0]]);
    const byLineName = await member.get(
      `/v2/institutes/${hospital}/clinical-data?ordering=-record__line__name&date__gte=2025-04-01`,
    );
    expect(byLineName.body.items.map((e: { id: number }) => e.id)).toEqual([
      made[1],
      made[0],
      made[2],
    ]);
    const byHi = await member.get(
      `/v2/institutes/${hospital}/clinical-data?ordering=h_index&date__gte=2025-04-01`,
    );
    expect(byHi.body.items.map((e: { h_index: number }) => e.h_index)).toEqual([5, 7, 9]);
    const bad = await member.get(`/v2/institutes/${hospital}/clinical-data?ordering=vial`);
    expect(bad.status).toBe(422);
    await server.ctx.db.query('DELETE FROM clinical_data');
  });

  it('offers records from the day before to two days after, in the institute’s zone', async () => {
    // Europe/London is UTC+1 in summer: the local day 2025-06-10 starts at 2025-06-09T23:00Z.
    const ids = await insertProcessedRecords(server.ctx.db, hospital, lineA, [
      { auc: 1, date: new Date('2025-06-08T22:59:00Z') }, // 8 June 23:59 local: too early
      { auc: 2, date: new Date('2025-06-08T23:00:00Z') }, // 9 June 00:00 local: first in
      { auc: 3, date: new Date('2025-06-12T22:59:00Z') }, // 12 June 23:59 local: last in
      { auc: 4, date: new Date('2025-06-12T23:00:00Z') }, // 13 June: too late
    ]);
    const res = await member.get(
      `/v2/institutes/${hospital}/clinical-data/record-choices?date=2025-06-10`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.items[0]).toMatchObject({ line: { name: 'Alpha line' }, auc: 3 });
  });
});

describe('calibration of the rejection model', () => {
  let line: number;
  /** Records of the ten usable entries: auc 100 (Δ = 1) and 200 (Δ = 5), five each. */
  let good: number[];
  const entryIds: number[] = [];

  const rejection = () => staff.get(`/v2/institutes/${hospital}/analyzer/rejection?value=500`);
  const storedRejection = async (id: number) =>
    (await member.get(`/v2/records/${id}`)).body.metrics.rejection as number;

  beforeAll(async () => {
    await server.ctx.db.query('DELETE FROM clinical_data');
    await setFlags(hospital, { clinicalData: true, hemolysisTracking: true });
    line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Calibration' })).body.id;
    good = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      line,
      Array.from({ length: 10 }, (_, i) => ({ auc: i < 5 ? 100 : 200 })),
    );
  });

  /** Entry i: ln(baseline) alternates 1 and 3, h_index = baseline + Δ. */
  const goodEntry = (i: number) => {
    const baseline = Math.exp(i % 2 === 0 ? 1 : 3);
    return {
      date: '2025-05-01',
      record: good[i],
      h_index_baseline: baseline,
      h_index: baseline + (i < 5 ? 1 : 5),
    };
  };

  it('uses the defaults below 10 usable entries, ignoring unusable ones', async () => {
    const [flagged, unprocessed, usableRecord] = await insertProcessedRecords(
      server.ctx.db,
      hospital,
      line,
      [{ auc: 150, flatlineError: true }, { auc: 150 }, { auc: 150 }],
    );
    await server.ctx.db.query('UPDATE records SET is_processed = false WHERE id = $1', [
      unprocessed,
    ]);
    const unusable = [
      { date: '2025-05-01', record: flagged, h_index: 50, h_index_baseline: 1 },
      { date: '2025-05-01', record: unprocessed, h_index: 50, h_index_baseline: 1 },
      { date: '2025-05-01', record: null, h_index: 50, h_index_baseline: 1 },
      { date: '2025-05-01', record: usableRecord, h_index: 50, h_index_baseline: null },
    ];
    for (const body of unusable)
      expect((await member.post(`/v2/institutes/${hospital}/clinical-data`, body)).status).toBe(
        201,
      );
    const excluded = await staff.post(`/v2/institutes/${hospital}/clinical-data`, {
      date: '2025-05-01',
      record: usableRecord,
      h_index: 50,
      h_index_baseline: 1,
      exclude_from_model: true,
    });
    expect(excluded.body.exclude_from_model).toBe(true);
    for (let i = 0; i < 9; i += 1) {
      const res = await member.post(`/v2/institutes/${hospital}/clinical-data`, goodEntry(i));
      expect(res.status).toBe(201);
      entryIds.push(res.body.id);
    }
    const res = await rejection();
    expect(res.body.model).toEqual({
      source: 'default',
      n: 9,
      mu: DEFAULT_MODEL.mu,
      sigma: DEFAULT_MODEL.sigma,
      k: 0.01,
      k_low: 0.006,
      k_high: 0.014,
    });
    expect(await storedRejection(good[0])).toBeCloseTo(worstRejectionPercent(100), 10);
  });

  it('calibrates with the 10th usable entry, exactly as rejection-model.md defines', async () => {
    const res10 = await member.post(`/v2/institutes/${hospital}/clinical-data`, goodEntry(9));
    entryIds.push(res10.body.id);

    // By hand: Σv² = 5·100² + 5·200² = 250000; ΣΔv = 5·1·100 + 5·5·200 = 5500; k = 0.022.
    // Residuals 1 − 2.2 = −1.2 and 5 − 4.4 = 0.6: Σ = 5·1.44 + 5·0.36 = 9;
    // se = sqrt(9 / 9 / 250000) = 0.002; interval 0.022 ∓ 1.645·0.002.
    // ln(baseline): five 1s and five 3s → μ = 2, σ = sqrt(10 / 9).
    const expected = {
      source: 'calibrated',
      n: 10,
      k: 0.022,
      k_low: 0.022 - 0.00329,
      k_high: 0.022 + 0.00329,
      mu: 2,
      sigma: Math.sqrt(10 / 9),
    };
    const { body } = await rejection();
    expect(body.model.source).toBe('calibrated');
    expect(body.model.n).toBe(10);
    for (const key of ['k', 'k_low', 'k_high', 'mu', 'sigma'] as const)
      expect(body.model[key]).toBeCloseTo(expected[key], 10);

    const model = {
      mu: 2,
      sigma: Math.sqrt(10 / 9),
      k: 0.022,
      kLow: 0.022 - 0.00329,
      kHigh: 0.022 + 0.00329,
    };
    expect(await storedRejection(good[9])).toBeCloseTo(
      worstRejectionPercent(200, DEFAULT_THRESHOLDS, model),
      8,
    );
    const inUse = await guest.get(`/v2/institutes/${hospital}/rejection-model`);
    expect(inUse.body).toMatchObject({ source: 'calibrated', n: 10, min_entries: 10 });
    expect(inUse.body.k).toBeCloseTo(0.022, 10);

    // Line statistics follow the model as well: the mean LDH rejection over the line's records.
    const stats = (await member.get(`/v2/lines/${line}`)).body.line_statistics;
    const aucs = [100, 100, 100, 100, 100, 200, 200, 200, 200, 200, 150];
    const meanLdh =
      aucs.reduce(
        (sum, v) => sum + rejectionForValue(v, DEFAULT_THRESHOLDS, model).ldh.probability,
        0,
      ) / aucs.length;
    expect(stats.auc.rejection_rates.ldh).toBeCloseTo(meanLdh, 10);
  });

  it('falls back to the defaults when an entry is excluded, and back again', async () => {
    await staff.patch(`/v2/clinical-data/${entryIds[0]}`, { exclude_from_model: true });
    expect((await rejection()).body.model).toMatchObject({ source: 'default', n: 9 });
    expect(await storedRejection(good[9])).toBeCloseTo(worstRejectionPercent(200), 10);
    await staff.patch(`/v2/clinical-data/${entryIds[0]}`, { exclude_from_model: false });
    expect((await rejection()).body.model).toMatchObject({ source: 'calibrated', n: 10 });
    await member.delete(`/v2/clinical-data/${entryIds[9]}`);
    expect((await rejection()).body.model).toMatchObject({ source: 'default', n: 9 });
    expect(await storedRejection(good[9])).toBeCloseTo(worstRejectionPercent(200), 10);
  });

  it('follows a change of a linked record’s flags', async () => {
    const again = await member.post(`/v2/institutes/${hospital}/clinical-data`, goodEntry(9));
    expect(again.status).toBe(201);
    expect((await rejection()).body.model).toMatchObject({ source: 'calibrated', n: 10 });
    const flagged = await staff.patch(`/v2/records/${good[9]}`, { flatline_error: true });
    expect(flagged.status).toBe(200);
    expect((await rejection()).body.model).toMatchObject({ source: 'default', n: 9 });
    expect(await storedRejection(good[0])).toBeCloseTo(worstRejectionPercent(100), 10);
  });
});
