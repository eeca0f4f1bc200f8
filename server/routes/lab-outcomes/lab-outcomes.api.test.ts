import type { ApiClient } from '../../../testing/http';
import { instituteIds } from '../../../testing/lines';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { syncFeedDataSets } from '../../domain/lab-feed/feed-data-set';

let server: TestServer;
let staff: ApiClient;
let admin: ApiClient;
let member: ApiClient;
let guest: ApiClient;
let hospital: number;
let courier: number;
let message: number;

const FLAG_OFF = 'Hemolysis tracking is not enabled for this organization.';

interface ResultSpec {
  line: number | null;
  analyte: string;
  value: number | null;
  sampledAt: string;
  status?: string;
  state?: string;
  current?: boolean;
  flag?: string | null;
  institute?: number;
}

let arrival = 0;
/** Results written as the ingestion files them (the lab-feed tables of migration LabFeed). */
async function insertResults(specs: ResultSpec[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of specs) {
    arrival += 1;
    const [row]: { id: string }[] = await server.ctx.db.query(
      `INSERT INTO lab_feed_results (institute_id, sample_key, analyte, line_id, location,
         code_system, code, code_text, value, flag, action, status, state, is_current,
         sampled_at, received_at, source, message_id, arrival)
       VALUES ($1, $2, $3, $4, 'AKUT', 'L', 'HI', '', $5, $6, 'final', $7, $8, $9, $10, now(),
               'hl7', $11, $12) RETURNING id`,
      [
        r.institute ?? hospital,
        arrival.toString(16).padStart(64, '0'),
        r.analyte,
        r.line,
        r.value,
        r.flag ?? null,
        r.status ?? 'final',
        r.state ?? 'filed',
        r.current ?? true,
        r.sampledAt,
        message,
        arrival,
      ],
    );
    ids.push(row.id);
  }
  return ids;
}

const newLine = async (name: string, institute = hospital, client = member) =>
  (await client.post(`/v2/institutes/${institute}/lines`, { name })).body.id as number;

const sync = (lines: number[]) =>
  server.ctx.db.transaction((manager) => syncFeedDataSets(manager, hospital, new Set(lines)));

beforeAll(async () => {
  server = await startTestServer();
  [staff, admin, member, guest] = await Promise.all(
    ['staff', 'admin', 'member', 'guest'].map((who) => server.login(`${who}@example.org`)),
  );
  ({ hospital, courier } = await instituteIds(server.ctx.db));
  const [row]: { id: number }[] = await server.ctx.db.query(
    `INSERT INTO lab_feed_messages (institute_id, source, state, sha256, size)
     VALUES ($1, 'hl7', 'accepted', repeat('0', 64), 1) RETURNING id`,
    [hospital],
  );
  message = row.id;
});
afterAll(() => server.stop());

describe('access', () => {
  it('answers 404 for another organization and 403 with the detail where the flag is off', async () => {
    const courierLine = await newLine('Courier route', courier, admin);
    expect((await member.get(`/v2/lines/${courierLine}/lab-outcomes`)).status).toBe(404);
    const off = await admin.get(`/v2/lines/${courierLine}/lab-outcomes`);
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe(FLAG_OFF);
    expect((await staff.get(`/v2/lines/${courierLine}/lab-outcomes`)).status).toBe(200);
    expect((await member.get(`/v2/lines/2147483647/lab-outcomes`)).status).toBe(404);
    expect((await member.get(`/v2/institutes/${courier}/lab-feed/settings`)).status).toBe(404);
    expect((await admin.get(`/v2/institutes/${courier}/lab-feed/settings`)).body.detail).toBe(
      FLAG_OFF,
    );
    const foreign = await admin.get(
      `/v2/institutes/${courier}/lab-feed/before-after?line_ids=${courierLine}&date=2025-01-01&hi_above=50`,
    );
    expect(foreign.status).toBe(403);
  });
});

describe('settings', () => {
  it('answers null cut-offs with the analyzer thresholds until set', async () => {
    const res = await guest.get(`/v2/institutes/${hospital}/lab-feed/settings`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      comment_above: { potassium: null, ldh: null, asat: null },
      suppress_above: { potassium: 90, ldh: 15, asat: 40 },
      gross_at: 1000,
    });
  });

  it('lets owners, admins and staff set them below the thresholds, audited', async () => {
    const body = { comment_above: { potassium: 40, ldh: null, asat: null } };
    expect((await member.put(`/v2/institutes/${hospital}/lab-feed/settings`, body)).status).toBe(
      403,
    );
    expect((await guest.put(`/v2/institutes/${hospital}/lab-feed/settings`, body)).status).toBe(
      403,
    );
    for (const [c, t] of [
      [90, 90],
      [0, 90],
      [-1, 90],
    ]) {
      const bad = await admin.put(`/v2/institutes/${hospital}/lab-feed/settings`, {
        comment_above: { potassium: c, ldh: null, asat: null },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.detail[0]).toMatchObject({
        loc: ['body', 'comment_above', 'potassium'],
        msg: `The comment cut-off of potassium must be below its analyzer threshold (${t} mg/dL).`,
      });
    }
    const res = await admin.put(`/v2/institutes/${hospital}/lab-feed/settings`, body);
    expect(res.status).toBe(200);
    expect(res.body.comment_above).toEqual(body.comment_above);
    const [entry] = await server.ctx.db.query(
      `SELECT action, changes FROM audit_events WHERE object_type = 'lab_feed_settings'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      action: 'updated',
      changes: {
        comment_above: {
          before: { potassium: null, ldh: null, asat: null },
          after: { potassium: 40, ldh: null, asat: null },
        },
      },
    });
    expect(
      (await guest.get(`/v2/institutes/${hospital}/lab-feed/settings`)).body.comment_above,
    ).toEqual(body.comment_above);
  });
});

describe('daily outcomes', () => {
  let line: number;
  beforeAll(async () => {
    line = await newLine('Outcomes line');
    await insertResults([
      ...[0, 3, 12, 50, 95, 1000].map((value, i) => ({
        line,
        analyte: 'h_index',
        value,
        sampledAt: `2025-03-10T0${i}:00:00Z`,
      })),
      // Not counting: preliminary, replaced, pending, on no line.
      {
        line,
        analyte: 'h_index',
        value: 400,
        sampledAt: '2025-03-10T08:00Z',
        status: 'preliminary',
      },
      { line, analyte: 'h_index', value: 400, sampledAt: '2025-03-10T08:00Z', current: false },
      { line, analyte: 'h_index', value: 400, sampledAt: '2025-03-10T08:00Z', state: 'pending' },
      { line: null, analyte: 'h_index', value: 400, sampledAt: '2025-03-10T08:00Z' },
      // 23:30 UTC is 00:30 of the next day in London (summer time).
      { line, analyte: 'h_index', value: 20, sampledAt: '2025-06-15T23:30:00Z' },
      { line, analyte: 'potassium', value: 4.5, sampledAt: '2025-03-10T01:00Z' },
      {
        line,
        analyte: 'potassium',
        value: 4.1,
        sampledAt: '2025-03-10T02:00Z',
        status: 'corrected',
      },
      {
        line,
        analyte: 'potassium',
        value: null,
        sampledAt: '2025-03-10T03:00Z',
        flag: 'hemolysed',
      },
      // A day with potassium but no HI is not a day of the outcomes.
      { line, analyte: 'potassium', value: 4, sampledAt: '2025-03-12T03:00Z' },
    ]);
  });

  it('answers each local date with HI figures, bins, tiers and the analytes', async () => {
    const res = await guest.get(
      `/v2/lines/${line}/lab-outcomes?date__gte=2025-03-01&date__lte=2025-06-30`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      line_id: line,
      timezone: 'Europe/London',
      gross_at: 1000,
      cutoffs: {
        potassium: { comment_above: 40, suppress_above: 90 },
        ldh: { comment_above: null, suppress_above: 15 },
        asat: { comment_above: null, suppress_above: 40 },
      },
    });
    expect(res.body.days.map((d: { date: string }) => d.date)).toEqual([
      '2025-03-10',
      '2025-06-16',
    ]);
    const [day] = res.body.days;
    expect(day.samples).toBe(6);
    expect(day.hi.mean).toBeCloseTo(1160 / 6, 9);
    expect(day.hi.median).toBeCloseTo(31, 9);
    expect(day.hi.p95).toBeCloseTo(773.75, 9);
    expect(day.hi.max).toBe(1000);
    expect(day.hi.bins.map((b: { count: number }) => b.count)).toEqual([
      2, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1,
    ]);
    expect(day.hi.bins[10]).toEqual({ lower: 1000, upper: null, count: 1 });
    expect(day.tiers.potassium).toEqual({
      release: 0.5,
      comment: 1 / 6,
      suppress: 1 / 6,
      gross: 1 / 6,
    });
    expect(day.tiers.ldh).toEqual({ release: 0.5, comment: 0, suppress: 2 / 6, gross: 1 / 6 });
    expect(day.analytes.potassium.n).toBe(2);
    expect(day.analytes.potassium.median).toBeCloseTo(4.3, 9);
    expect(day.analytes.potassium.hemolysed_reported).toBe(1);
    expect(day.analytes.ldh).toEqual({ n: 0, median: null, hemolysed_reported: 0 });
  });

  it('defaults to the 30 days to today and refuses more than 366 days', async () => {
    const res = await guest.get(`/v2/lines/${line}/lab-outcomes`);
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([]);
    expect(
      (await guest.get(`/v2/lines/${line}/lab-outcomes?date__gte=2025-01-01&date__lte=2026-01-01`))
        .status,
    ).toBe(200);
    const long = await guest.get(
      `/v2/lines/${line}/lab-outcomes?date__gte=2025-01-01&date__lte=2026-01-02`,
    );
    expect(long.status).toBe(422);
    expect(long.body.detail[0].msg).toBe('The period is at most 366 days.');
  });
});

describe('before and after', () => {
  let line: number;
  const url = (q: string) => `/v2/institutes/${hospital}/lab-feed/before-after?${q}`;
  beforeAll(async () => {
    line = await newLine('Before-after line');
    // 200 samples in the 28 days before 2025-09-10 (12 above 90), 200 after (30 above 90).
    const side = (start: string, above: number) =>
      Array.from({ length: 200 }, (_, i) => ({
        line,
        analyte: 'h_index',
        value: i < above ? 120 : 10,
        sampledAt: new Date(Date.parse(start) + i * 3_600_000).toISOString(),
      }));
    await insertResults([
      ...side('2025-08-20T00:00:00Z', 12),
      ...side('2025-09-12T00:00:00Z', 30),
      // Outside both periods.
      { line, analyte: 'h_index', value: 500, sampledAt: '2025-08-12T22:00:00Z' },
      { line, analyte: 'h_index', value: 500, sampledAt: '2025-10-08T00:00:00Z' },
    ]);
  });

  it("answers the spec's example", async () => {
    const res = await guest.get(url(`line_ids=${line}&date=2025-09-10&analyte=potassium`));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      line_ids: [line],
      date: '2025-09-10',
      days: 28,
      analyte: 'potassium',
      cutoff: 90,
      before: {
        start: '2025-08-12T23:00:00.000Z',
        end: '2025-09-09T23:00:00.000Z',
        n: 200,
        x: 12,
        p: 0.06,
      },
      after: { start: '2025-09-09T23:00:00.000Z', end: '2025-10-07T23:00:00.000Z', n: 200, x: 30 },
      test: 'fisher_exact_two_sided',
    });
    expect(res.body.difference).toBeCloseTo(0.09, 9);
    expect(res.body.ci95[0]).toBeCloseTo(0.030037, 6);
    expect(res.body.ci95[1]).toBeCloseTo(0.15152, 6);
    expect(res.body.p_value).toBeCloseTo(0.005046, 7);
  });

  it('uses hi_above, and answers nulls where a side is empty', async () => {
    const res = await guest.get(url(`line_ids=${line}&date=2026-01-10&days=7&hi_above=50`));
    expect(res.body).toMatchObject({
      analyte: null,
      cutoff: 50,
      before: { n: 0, x: 0, p: null },
      difference: null,
      ci95: null,
      p_value: null,
    });
  });

  it('refuses what the spec refuses', async () => {
    const either = 'Give either analyte or hi_above.';
    for (const q of [
      `line_ids=${line}&date=2025-09-10`,
      `line_ids=${line}&date=2025-09-10&analyte=ldh&hi_above=20`,
    ]) {
      const res = await guest.get(url(q));
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(either);
    }
    const courierLine: number = (
      await server.ctx.db.query('SELECT id FROM lines WHERE institute_id = $1 LIMIT 1', [courier])
    )[0].id;
    const foreign = await guest.get(url(`line_ids=${courierLine}&date=2025-09-10&hi_above=20`));
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0].msg).toBe('No such line.');
    // The spec's words: a hi_above out of (0, 1000] or an unknown analyte is not 'either';
    // line_ids beyond 1 to 50 of the organization's lines are 'No such line.'.
    for (const [q, msg] of [
      [`line_ids=${line}&date=2025-09-10&hi_above=0`, either],
      [`line_ids=${line}&date=2025-09-10&hi_above=1001`, either],
      [`line_ids=${line}&date=2025-09-10&analyte=sodium`, either],
      [`line_ids=&date=2025-09-10&hi_above=20`, 'No such line.'],
      [
        `line_ids=${Array.from({ length: 51 }, () => line).join(',')}&date=2025-09-10&hi_above=20`,
        'No such line.',
      ],
    ]) {
      const res = await guest.get(url(q));
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(msg);
    }
    expect(
      (await guest.get(url(`line_ids=${line}&date=2025-09-10&hi_above=20&days=367`))).status,
    ).toBe(422);
  });
});

describe('the lab-feed data set of a line', () => {
  let line: number;
  let other: number;
  const feedSet = async (lineId: number) =>
    (
      await server.ctx.db.query(
        `SELECT id, measurement_count FROM hemolysis_data WHERE line_id = $1 AND source = 'feed'`,
        [lineId],
      )
    )[0] as { id: number; measurement_count: number } | undefined;

  beforeAll(async () => {
    line = await newLine('Feed line');
    other = await newLine('Other feed line');
  });

  it('follows the counting h_index results, incrementally', async () => {
    const [a, , c] = await insertResults([
      { line, analyte: 'h_index', value: 35, sampledAt: '2025-02-10T07:15:00Z' },
      {
        line,
        analyte: 'h_index',
        value: 80,
        sampledAt: '2025-02-10T08:00Z',
        status: 'preliminary',
      },
      { line, analyte: 'h_index', value: 120, sampledAt: '2025-02-11T08:05:00Z' },
      { line, analyte: 'potassium', value: 4.5, sampledAt: '2025-02-10T07:15:00Z' },
    ]);
    await sync([line]);
    const set = await feedSet(line);
    expect(set).toBeDefined();
    const res = await guest.get(`/v2/hemolysis-index-data/${set!.id}`);
    expect(res.body).toMatchObject({
      title: 'Lab feed',
      source: 'feed',
      filename: '',
      donor_sample: false,
      timezone_name: 'Europe/London',
      download_url: null,
      measurement_summary: {
        start: '2025-02-10T07:15:00.000Z',
        end: '2025-02-11T08:05:00.000Z',
        count: 2,
      },
    });
    const rows = await guest.get(`/v2/hemolysis-index-data/${set!.id}/measurements`);
    expect(rows.body.items.map((m: { value: number }) => m.value)).toEqual([35, 120]);

    // The laboratory corrects one, and another moves to the other line.
    await server.ctx.db.query(`UPDATE lab_feed_results SET value = 42 WHERE id = $1`, [a]);
    await server.ctx.db.query(`UPDATE lab_feed_results SET line_id = $2 WHERE id = $1`, [c, other]);
    await sync([line, other]);
    expect(
      (await guest.get(`/v2/hemolysis-index-data/${set!.id}/measurements`)).body.items.map(
        (m: { value: number }) => m.value,
      ),
    ).toEqual([42]);
    expect((await feedSet(line))!.measurement_count).toBe(1);
    expect((await feedSet(other))!.measurement_count).toBe(1);

    // A line left without filed results has no set.
    await server.ctx.db.query(`UPDATE lab_feed_results SET line_id = NULL WHERE line_id = $1`, [
      other,
    ]);
    await sync([other]);
    expect(await feedSet(other)).toBeUndefined();
    const [{ left }] = await server.ctx.db.query(
      'SELECT count(*)::int AS left FROM lab_feed_hi_changes',
    );
    expect(left).toBe(0);
  });

  it('refuses changes that belong to the mappings or to the laboratory (409)', async () => {
    const set = (await feedSet(line))!;
    const follows = 'A lab-feed data set follows the location mappings: change a mapping instead.';
    for (const body of [{ line: other }, { donor_sample: true }]) {
      const res = await member.patch(`/v2/hemolysis-index-data/${set.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(follows);
    }
    expect((await member.delete(`/v2/hemolysis-index-data/${set.id}`)).body.detail).toBe(follows);
    expect(
      (await member.patch(`/v2/hemolysis-index-data/${set.id}`, { title: 'Akut feed' })).status,
    ).toBe(200);
    const [m] = (await guest.get(`/v2/hemolysis-index-data/${set.id}/measurements`)).body.items;
    const corrected = await member.patch(
      `/v2/hemolysis-index-data/${set.id}/measurements/${m.id}`,
      {
        value: 1,
      },
    );
    expect(corrected.status).toBe(409);
    expect(corrected.body.detail).toBe(
      'Results from the lab feed are corrected by the laboratory system (OBX-11 = C).',
    );
    expect((await guest.get(`/v2/hemolysis-index-data/${set.id}/download`)).status).toBe(404);
  });

  it('counts a deleted result out', async () => {
    const [gone] = await insertResults([
      { line, analyte: 'h_index', value: 7, sampledAt: '2025-02-12T07:00:00Z' },
    ]);
    await sync([line]);
    expect((await feedSet(line))!.measurement_count).toBe(2);
    await server.ctx.db.query('DELETE FROM lab_feed_results WHERE id = $1', [gone]);
    await sync([line]);
    const set = (await feedSet(line))!;
    expect(set.measurement_count).toBe(1);
    expect(
      (await guest.get(`/v2/hemolysis-index-data/${set.id}`)).body.measurement_summary,
    ).toEqual({
      start: '2025-02-10T07:15:00.000Z',
      end: '2025-02-10T07:15:00.000Z',
      count: 1,
    });
  });
});

describe('through the HL7 door (lab-feed.md section 10, examples 1 and 3)', () => {
  const message = (lines: string[]) => lines.join('\r');
  const EX1 = message([
    'MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250210083512+0100||ORU^R01^ORU_R01|K20250210-0001|P|2.5.1||||||UNICODE UTF-8',
    'PV1|1|E|AKUT^12^3^SUS',
    'OBR|1|REQ-7781|A250210-0042|KEM^Klinisk kemi^L|||20250210081500+0100',
    'OBX|1|NM|HI^Hemolysindex^L||35|mg/dL|||||F',
    'SPM|1|^A250210-0042||SER',
  ]);
  const EX3 = message([
    'MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|20250211143000+0100||ORU^R01|K20250211-0311|P|2.3.1',
    'PV1|1|E|AKUT^12^3^SUS',
    'OBR|1|REQ-7781|A250210-0042|KEM^Klinisk kemi^L|||20250210081500+0100',
    'OBX|3|NM|HI^Hemolysindex^L||80|mg/dL|||||P',
  ]);
  const send = (owner: ApiClient, body: string) =>
    owner.request<string>('POST', `/v2/institutes/${hospital}/lab-feed/hl7`, {
      body,
      headers: { 'Content-Type': 'application/hl7-v2+er7' },
    });

  it("files example 1's HI as a measurement of Akutmottagning's 'Lab feed' set", async () => {
    const owner = await server.login('owner@example.org');
    const akut = await newLine('Akutmottagning');
    expect(
      (
        await owner.post(`/v2/institutes/${hospital}/lab-feed/locations`, {
          code: 'AKUT',
          line: akut,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await owner.post(`/v2/institutes/${hospital}/lab-feed/codes`, {
          system: 'L',
          code: 'HI',
          analyte: 'h_index',
        })
      ).status,
    ).toBe(201);
    expect((await send(owner, EX1)).body).toContain('MSA|AA|K20250210-0001');
    const [set] = (
      await guest.get(`/v2/institutes/${hospital}/hemolysis-index-data?line_ids=${akut}`)
    ).body.items;
    expect(set).toMatchObject({ title: 'Lab feed', source: 'feed', download_url: null });
    const measurements = async () =>
      (await guest.get(`/v2/hemolysis-index-data/${set.id}/measurements`)).body.items.map(
        (m: { timestamp: string; value: number }) => [m.timestamp, m.value],
      );
    expect(await measurements()).toEqual([['2025-02-10T07:15:00.000Z', 35]]);
    // A preliminary never replaces a final: the measurement stays.
    expect((await send(owner, EX3)).body).toContain('MSA|AA|K20250211-0311');
    expect(await measurements()).toEqual([['2025-02-10T07:15:00.000Z', 35]]);
  });
});
