import { DEFAULT_MODEL, rejectionForValue } from '../../../shared/rejection/model';
import type { ApiClient } from '../../../testing/http';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { FileBlobStore } from '../../storage/blob-store';

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;
let guest: ApiClient;
let hospital: number;
let courier: number;
let line: number;

const csvForm = (
  content: string | Buffer,
  fields: Record<string, string> = {},
  fileName = 'analyzer-export.csv',
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))]), fileName);
  return form;
};
const upload = (client: ApiClient, form: FormData, inst = hospital) =>
  client.multipart(`/v2/institutes/${inst}/hemolysis-index-data`, form);

const counts = async () => {
  const [row] = await server.ctx.db.query(
    'SELECT (SELECT count(*) FROM hemolysis_data)::int AS sets, (SELECT count(*) FROM hemolysis_measurements)::int AS rows',
  );
  return { ...row, ...(server.ctx.blobs as FileBlobStore).count() };
};

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, guest] = await Promise.all(
    ['admin', 'member', 'guest'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Tube 1' })).body.id;
});
afterAll(() => server.stop());

describe('hemolysis-index data sets', () => {
  it('answers 403 with a detail where hemolysisTracking is off', async () => {
    const res = await admin.get(`/v2/institutes/${courier}/hemolysis-index-data`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Hemolysis tracking is not enabled for this organization.');
    expect((await member.get(`/v2/institutes/${courier}/hemolysis-index-data`)).status).toBe(404);
  });

  it('creates a data set from a CSV, keeps the file and lists its measurements', async () => {
    const content =
      'timestamp;h_index;sample\n2025-03-01 08:00;12,5;a\n2025-03-01 23:30:00;3;b\n2025-03-02T00:10;;c\n2025-03-02T09:00:00Z;40;d\n';
    const before = await counts();
    const res = await upload(
      member,
      csvForm(content, { line: String(line), timezone_name: 'Europe/Berlin' }, 'cobas March.CSV'),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'cobas March',
      filename: 'cobas March.CSV',
      line: { id: line, name: 'Tube 1' },
      donor_sample: false,
      timezone_name: 'Europe/Berlin',
      skipped_rows: 1,
      measurement_summary: {
        start: '2025-03-01T07:00:00.000Z',
        end: '2025-03-02T09:00:00.000Z',
        count: 3,
      },
    });
    expect((await counts()).blobs).toBe(before.blobs + 1);
    const id = res.body.id;

    const file = await guest.get(`/v2/hemolysis-index-data/${id}/download`);
    expect(file.status).toBe(200);
    expect(file.body).toBe(content);

    const days = await guest.get(`/v2/hemolysis-index-data/${id}/days`);
    expect(days.body).toEqual({
      timezone_name: 'Europe/Berlin',
      days: [
        {
          date: '2025-03-01',
          count: 2,
          start: '2025-02-28T23:00:00.000Z',
          end: '2025-03-01T23:00:00.000Z',
        },
        {
          date: '2025-03-02',
          count: 1,
          start: '2025-03-01T23:00:00.000Z',
          end: '2025-03-02T23:00:00.000Z',
        },
      ],
    });

    const day = await guest.get(
      `/v2/hemolysis-index-data/${id}/measurements?timestamp__gte=2025-02-28T23:00:00Z&timestamp__lte=2025-03-01T22:59:59.999Z`,
    );
    expect(day.body.total).toBe(2);
    expect(day.body.items.map((m: { value: number }) => m.value)).toEqual([12.5, 3]);

    const mid = day.body.items[1].id;
    expect((await guest.get(`/v2/hemolysis-index-data/${id}/measurements/${mid}`)).body).toEqual(
      day.body.items[1],
    );
    expect(
      (await guest.patch(`/v2/hemolysis-index-data/${id}/measurements/${mid}`, { value: 4 }))
        .status,
    ).toBe(403);
    const patched = await member.patch(`/v2/hemolysis-index-data/${id}/measurements/${mid}`, {
      value: 4,
      timestamp: '2025-03-03T10:00:00Z',
    });
    expect(patched.body).toMatchObject({ value: 4, timestamp: '2025-03-03T10:00:00.000Z' });
    expect((await guest.get(`/v2/hemolysis-index-data/${id}`)).body.measurement_summary.end).toBe(
      '2025-03-03T10:00:00.000Z',
    );

    const label = (await member.post(`/v2/institutes/${hospital}/labels`, { label: 'HI' })).body;
    const renamed = await member.patch(`/v2/hemolysis-index-data/${id}`, {
      title: 'Renamed',
      donor_sample: true,
      labels: [label.id],
    });
    expect(renamed.body).toMatchObject({ title: 'Renamed', donor_sample: true });
    expect(renamed.body.labels).toEqual([label]);
    expect((await guest.patch(`/v2/hemolysis-index-data/${id}`, { title: 'x' })).status).toBe(403);

    const list = await guest.get(`/v2/institutes/${hospital}/hemolysis-index-data`);
    expect(list.body.items.map((d: { id: number }) => d.id)).toContain(id);
    expect(
      (await guest.get(`/v2/institutes/${hospital}/hemolysis-index-data?donor_sample=false`)).body
        .items,
    ).toEqual([]);

    expect((await guest.delete(`/v2/hemolysis-index-data/${id}`)).status).toBe(403);
    expect((await member.delete(`/v2/hemolysis-index-data/${id}`)).status).toBe(204);
    expect(await counts()).toMatchObject({ sets: 0, rows: 0 });
  });

  it('deletes a data set’s file with it, unless another data set holds the same content', async () => {
    const before = await counts();
    const csv = 'timestamp,h_index\n2025-04-01T08:00:00Z,7\n';
    const first = await upload(member, csvForm(csv, { line: String(line), title: 'First' }));
    const second = await upload(member, csvForm(csv, { line: String(line), title: 'Second' }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await counts()).blobs).toBe(before.blobs + 1);

    expect((await member.delete(`/v2/hemolysis-index-data/${first.body.id}`)).status).toBe(204);
    expect((await counts()).blobs).toBe(before.blobs + 1);
    expect((await member.get(`/v2/hemolysis-index-data/${second.body.id}/download`)).body).toBe(
      csv,
    );
    expect((await member.delete(`/v2/hemolysis-index-data/${second.body.id}`)).status).toBe(204);
    expect(await counts()).toEqual(before);
  });

  it('keeps guests from uploading and requires a file, a line and a title', async () => {
    const ok = 'timestamp,h_index\n2025-03-01T08:00:00Z,1\n';
    expect((await upload(guest, csvForm(ok, { line: String(line) }))).status).toBe(403);
    const noFile = new FormData();
    noFile.append('line', String(line));
    const missing = await upload(member, noFile);
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'A CSV file must be attached.',
    });
    const notCsv = await upload(member, csvForm(ok, { line: String(line) }, 'export.txt'));
    expect(notCsv.body.detail[0].msg).toBe('A CSV file must be attached.');
    const noLine = await upload(member, csvForm(ok));
    expect(noLine.body.detail[0]).toMatchObject({
      loc: ['body', 'line'],
      msg: 'A line is required for the data.',
    });
    const longTitle = await upload(
      member,
      csvForm(ok, { line: String(line), title: 'x'.repeat(256) }),
    );
    expect(longTitle.body.detail[0].loc).toEqual(['body', 'title']);
    const badZone = await upload(
      member,
      csvForm(ok, { line: String(line), timezone_name: 'Mars/Base' }),
    );
    expect(badZone.body.detail[0].loc).toEqual(['body', 'timezone_name']);
    expect(await counts()).toMatchObject({ sets: 0, rows: 0, staging: 0 });
  });

  const header = 'timestamp,h_index\n';
  const good = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `2025-03-01T08:${String(i % 60).padStart(2, '0')}:00Z,${i % 30}`,
    ).join('\n') + '\n';
  it.each([
    ['a header without h_index', 'timestamp,hi\n2025-03-01T08:00:00Z,1\n', [1, 'h_index']],
    ['a header without timestamp', 'time,h_index\n2025-03-01T08:00:00Z,1\n', [1, 'timestamp']],
    ['a negative value', `${header}${good(5000)}2025-03-01T09:00:00Z,-2\n`, [5002, 'h_index']],
    ['a non-numeric value', `${header}2025-03-01T09:00:00Z,high\n`, [2, 'h_index']],
    ['a date without time', `${header}2025-03-01,2\n`, [2, 'timestamp']],
    ['a local time in the DST gap', `${header}2025-03-30 02:30,2\n`, [2, 'timestamp']],
    ['a file without measurements', `${header}\n\n`, [3, 'h_index']],
  ])('refuses %s whole, naming the line, and keeps nothing', async (_name, content, loc) => {
    const res = await upload(
      member,
      csvForm(content as string, { line: String(line), timezone_name: 'Europe/Berlin' }),
    );
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['file', ...(loc as unknown[])]);
    expect(await counts()).toMatchObject({ sets: 0, rows: 0, staging: 0 });
  });

  it('lists up to 10 problems', async () => {
    const bad = Array.from({ length: 20 }, () => '2025-03-01T09:00:00Z,-1').join('\n');
    const res = await upload(member, csvForm(`${header}${bad}\n`, { line: String(line) }));
    expect(res.body.detail).toHaveLength(10);
    expect(res.body.detail[9].loc).toEqual(['file', 11, 'h_index']);
  });

  it('answers 413 over 50 MiB and keeps nothing', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 'a');
    const res = await upload(member, csvForm(big, { line: String(line) }));
    expect(res.status).toBe(413);
    expect(await counts()).toMatchObject({ sets: 0, rows: 0, staging: 0 });
  });
});

/** numpy's default quantile: linear interpolation between closest ranks. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = q * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
}

describe('the summary in a zone far from UTC', () => {
  const cutoffs = { ldh: 10, asat: 20, potassium: 30 };
  // Pacific/Kiritimati is UTC+14 all year: local midnight is 10:00Z the day before.
  const measurements: [string, number][] = [
    ['2025-03-02T10:30:00Z', 5], // local Mon 3 Mar 00:30
    ['2025-03-02T16:00:00Z', 12],
    ['2025-03-02T22:00:00Z', 25],
    ['2025-03-03T09:30:00Z', 40], // local Mon 3 Mar 23:30
    ['2025-03-08T20:00:00Z', 8], // local Sun 9 Mar 10:00: still the week of 3 Mar
    ['2025-03-09T09:59:00Z', 50], // local Sun 9 Mar 23:59
    ['2025-03-09T10:00:00Z', 16], // local Mon 10 Mar 00:00: the next week
    ['2025-03-31T10:10:00Z', 2], // local Tue 1 Apr: April there, March in UTC
  ];
  let other: number;

  beforeAll(async () => {
    await server.ctx.db.query(
      `UPDATE institutes SET timezone = 'Pacific/Kiritimati' WHERE id = $1`,
      [hospital],
    );
    await admin.patch(`/v2/institutes/${hospital}/analyzer`, {
      ldh_threshold: cutoffs.ldh,
      asat_threshold: cutoffs.asat,
      potassium_threshold: cutoffs.potassium,
    });
    const csv = `timestamp,h_index\n${measurements.map(([t, v]) => `${t},${v}`).join('\n')}\n`;
    expect((await upload(member, csvForm(csv, { line: String(line) }))).status).toBe(201);
    other = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Aardvark line' })).body
      .id;
    const donor = await upload(
      member,
      csvForm('timestamp,h_index\n2025-03-04T00:00:00Z,30\n', {
        line: String(other),
        donor_sample: 'true',
      }),
    );
    expect(donor.status).toBe(201);
    await insertProcessedRecords(server.ctx.db, hospital, line, [
      { auc: 300, date: new Date('2025-03-02T22:00:00Z') }, // local 3 Mar
      { auc: 600, date: new Date('2025-03-08T15:00:00Z') }, // local 9 Mar
      { auc: 900, date: new Date('2025-03-08T16:00:00Z'), exclude: true }, // not included
    ]);
    await insertProcessedRecords(server.ctx.db, hospital, other, [
      { auc: 50, date: new Date('2025-03-04T00:00:00Z') },
    ]);
  });

  const summary = (query: string) =>
    guest.get(`/v2/institutes/${hospital}/hemolysis-index/summary?${query}`);
  const predicted = (aucs: number[]) => {
    const mean = (a: 'ldh' | 'asat' | 'potassium') =>
      aucs.reduce((s, v) => s + rejectionForValue(v, cutoffs, DEFAULT_MODEL)[a].probability, 0) /
      aucs.length;
    return { ldh: mean('ldh'), asat: mean('asat'), potassium: mean('potassium') };
  };
  const expectRow = (
    row: Record<string, any>,
    periodStart: string,
    values: number[],
    aucs: number[],
  ) => {
    expect(row.period_start).toBe(periodStart);
    expect(row.count).toBe(values.length);
    expect(row.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 10);
    expect(row.median).toBeCloseTo(quantile(values, 0.5), 10);
    expect(row.p95).toBeCloseTo(quantile(values, 0.95), 10);
    const above = (c: number) => values.filter((v) => v > c).length / values.length;
    expect(row.rejected.ldh).toBeCloseTo(above(cutoffs.ldh), 10);
    expect(row.rejected.asat).toBeCloseTo(above(cutoffs.asat), 10);
    expect(row.rejected.potassium).toBeCloseTo(above(cutoffs.potassium), 10);
    expect(row.records).toBe(aucs.length);
    if (!aucs.length) expect(row.predicted).toBeNull();
    else
      for (const a of ['ldh', 'asat', 'potassium'] as const)
        expect(row.predicted[a]).toBeCloseTo(predicted(aucs)[a], 10);
  };

  it('groups per local day', async () => {
    const { body } = await summary(`frequency=day&line_ids=${line}`);
    expect(body.range).toEqual({
      start: '2025-03-02T10:30:00.000Z',
      end: '2025-03-31T10:10:00.000Z',
    });
    expect(body.data).toHaveLength(4);
    expectRow(body.data[0], '2025-03-02T10:00:00.000Z', [5, 12, 25, 40], [300]);
    expectRow(body.data[1], '2025-03-08T10:00:00.000Z', [8, 50], [600]);
    expectRow(body.data[2], '2025-03-09T10:00:00.000Z', [16], []);
    expectRow(body.data[3], '2025-03-31T10:00:00.000Z', [2], []);
  });

  it('groups per ISO week starting Monday, lines ordered by name', async () => {
    const { body } = await summary('frequency=week');
    expect(body.data.map((r: { line_name: string }) => r.line_name)).toEqual([
      'Aardvark line',
      'Tube 1',
      'Tube 1',
      'Tube 1',
    ]);
    expectRow(body.data[0], '2025-03-02T10:00:00.000Z', [30], [50]);
    expectRow(body.data[1], '2025-03-02T10:00:00.000Z', [5, 12, 25, 40, 8, 50], [300, 600]);
    expectRow(body.data[2], '2025-03-09T10:00:00.000Z', [16], []);
    expectRow(body.data[3], '2025-03-30T10:00:00.000Z', [2], []);
  });

  it('groups per local month, filtered by donor sample and time', async () => {
    const { body } = await summary('frequency=month&donor_sample=false');
    expect(body.data).toHaveLength(2);
    expectRow(body.data[0], '2025-02-28T10:00:00.000Z', [5, 12, 25, 40, 8, 50, 16], [300, 600]);
    expectRow(body.data[1], '2025-03-31T10:00:00.000Z', [2], []);
    const donors = await summary('frequency=month&donor_sample=true');
    expect(donors.body.data.map((r: { line_id: number }) => r.line_id)).toEqual([other]);
    const late = await summary(
      `frequency=month&line_ids=${line}&timestamp__gte=2025-03-09T00:00:00Z&timestamp__lte=2025-03-31T00:00:00Z`,
    );
    expect(late.body.data).toHaveLength(1);
    expectRow(late.body.data[0], '2025-02-28T10:00:00.000Z', [50, 16], []);
    const none = await summary('frequency=day&timestamp__gte=2030-01-01T00:00:00Z');
    expect(none.body).toEqual({ range: null, data: [] });
  });

  it("predicts from the records' stored figures, which follow a threshold change", async () => {
    const changed = { ldh: 14, asat: 25, potassium: 35 };
    const setCutoffs = (c: typeof cutoffs) =>
      admin.patch(`/v2/institutes/${hospital}/analyzer`, {
        ldh_threshold: c.ldh,
        asat_threshold: c.asat,
        potassium_threshold: c.potassium,
      });
    expect((await setCutoffs(changed)).status).toBe(200);
    const { body } = await summary(`frequency=day&line_ids=${line}`);
    const expected = rejectionForValue(300, changed, DEFAULT_MODEL);
    for (const a of ['ldh', 'asat', 'potassium'] as const)
      expect(body.data[0].predicted[a]).toBeCloseTo(expected[a].probability, 10);
    expect((await setCutoffs(cutoffs)).status).toBe(200);
  });
});
