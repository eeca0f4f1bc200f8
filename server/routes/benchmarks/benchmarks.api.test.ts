import { BENCHMARK_MESSAGES, type InstituteBenchmarksDto } from '../../../shared/api/benchmarks';
import { algorithmA, percentilesOf } from '../../../shared/benchmarking/statistics';
import {
  customerAnswerViolations,
  overviewViolations,
  type TruthInstitute,
} from '../../../shared/benchmarking/testing/disclosure';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';
import type { ApiClient } from '../../../testing/http';
import { insertProcessedRecords } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { User } from '../../entities/user';

/** Peer benchmarking through the API (peer-benchmarking.md sections 1, 5, 6 and 7). */

let server: TestServer;
let owner: ApiClient, member: ApiClient, guest: ApiClient, staff: ApiClient, outsider: ApiClient;
let hospital: number, courier: number;

const QUARTER = '2026Q3';
const IN_QUARTER = new Date('2026-08-15T12:00:00Z');
// The worked example of section 6: seven lines, the hospital's two of them.
const VALUES = [312.4, 355.0, 371.8, 389.5, 402.1, 436.7, 918.3];

/** The population as it truly is, for the checks of every answer. */
const truth: TruthInstitute[] = [];
const peers: number[] = [];
const lineIds: number[] = [];

async function addInstitute(name: string): Promise<number> {
  const res = await staff.post('/v2/institutes', { name, metadata_type: 'pts' });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function addLine(institute: number, name: string, value: number, length: number | null) {
  const line = await insertLine(server.ctx.db, institute, { name, length });
  await insertProcessedRecords(
    server.ctx.db,
    institute,
    line.id,
    Array.from({ length: 6 }, () => ({ auc: value, date: IN_QUARTER })),
  );
  const inst = truth.find((i) => i.id === institute)!;
  inst.lines.push({
    id: line.id,
    name,
    length,
    manufacturer: null,
    handCarried: false,
    records: 6,
    value,
  });
  lineIds.push(line.id);
  return line.id;
}

const optIn = (id: number, on: boolean, client = staff) =>
  client.put(`/v2/institutes/${id}/benchmarking`, { opt_in: on });
const benchmarksOf = (id: number, client: ApiClient, quarter = QUARTER) =>
  client.get<InstituteBenchmarksDto>(`/v2/institutes/${id}/benchmarks?quarter=${quarter}`);
/** The participants of the truth (who has opted in). */
let participating = new Set<number>();
const participants = () => truth.filter((i) => participating.has(i.id));

async function checkedAnswer(id: number, client: ApiClient) {
  const res = await benchmarksOf(id, client);
  expect(res.status).toBe(200);
  expect(customerAnswerViolations(participants(), res.body)).toEqual([]);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, guest, staff] = await Promise.all(
    ['owner', 'member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const users = server.ctx.db.getRepository(User);
  const template = await users.findOneByOrFail({ email: 'member@example.org' });
  await users.save(
    users.create({
      email: 'peer@example.org',
      firstName: 'Petra',
      lastName: 'Peer',
      role: 'owner',
      isStaff: false,
      passwordHash: template.passwordHash,
      institutes: [{ id: courier }],
      defaultInstituteId: courier,
    }),
  );
  outsider = await server.login('peer@example.org');
  await server.ctx.db.query(`UPDATE institutes SET metadata_type = 'pts' WHERE id = $1`, [
    hospital,
  ]);
  truth.push({ id: hospital, name: 'Northfield General Hospital', kind: 'pts', lines: [] });
  for (const n of [1, 2, 3, 4, 5]) {
    const id = await addInstitute(`Secret Peer Hospital ${n}`);
    peers.push(id);
    truth.push({ id, name: `Secret Peer Hospital ${n}`, kind: 'pts', lines: [] });
  }
  await addLine(hospital, 'Own line A', VALUES[5], null);
  await addLine(hospital, 'Own line B', VALUES[6], null);
  for (const [i, id] of peers.entries())
    await addLine(id, `Secret peer line ${i}`, VALUES[i], null);
});
afterAll(() => server.stop());

describe('the switch (section 1)', () => {
  it('is off for every institute until an owner or admin switches it on', async () => {
    const res = await owner.get(`/v2/institutes/${hospital}/benchmarking`);
    expect(res.body).toEqual({ opt_in: false, changed_at: null, changed_by: null });
    expect((await guest.get(`/v2/institutes/${hospital}/benchmarking`)).status).toBe(200);
    expect((await owner.get(`/v2/institutes/${hospital}`)).body.benchmarking_opt_in).toBe(false);
  });

  it('refuses members and guests (403) and another institute (404)', async () => {
    for (const client of [member, guest]) {
      const res = await optIn(hospital, true, client);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: BENCHMARK_MESSAGES.optInForbidden });
    }
    expect((await optIn(hospital, true, outsider)).status).toBe(404);
    expect((await outsider.get(`/v2/institutes/${hospital}/benchmarking`)).status).toBe(404);
  });

  it('is switched by an owner, audited with the actor', async () => {
    const res = await optIn(hospital, true, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      opt_in: true,
      changed_by: { email: 'owner@example.org' },
    });
    expect(res.body.changed_at).toEqual(expect.any(String));
    const [entry] = await server.ctx.db.query(
      `SELECT action, changes, actor_email FROM audit_events
       WHERE object_type = 'institute' AND object_id = $1 AND changes ? 'benchmarking_opt_in'
       ORDER BY id DESC LIMIT 1`,
      [String(hospital)],
    );
    expect(entry).toEqual({
      action: 'updated',
      changes: { benchmarking_opt_in: { before: false, after: true } },
      actor_email: 'owner@example.org',
    });
    for (const id of peers) expect((await optIn(id, true)).status).toBe(200);
    participating = new Set([hospital, ...peers]);
    const listed = await staff.get('/v2/institutes?benchmarking_opt_in=true');
    expect(listed.body.items.map((i: { id: number }) => i.id).sort()).toEqual(
      [hospital, ...peers].sort(),
    );
  });
});

describe('the refusals, in the order of section 7', () => {
  it('answers a malformed quarter first, then another institute, then not taking part', async () => {
    for (const q of ['2026Q5', '26Q1', '1999Q4', 'abc']) {
      const res = await benchmarksOf(courier, owner, q);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        detail: [
          { loc: ['query', 'quarter'], msg: BENCHMARK_MESSAGES.quarter, type: 'value_error' },
        ],
      });
    }
    expect(await benchmarksOf(courier, owner)).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect(await benchmarksOf(courier, outsider, '2099Q1')).toMatchObject({
      status: 403,
      body: { detail: BENCHMARK_MESSAGES.notTakingPart },
    });
    expect(await benchmarksOf(hospital, owner, '2099Q1')).toMatchObject({
      status: 422,
      body: {
        detail: [
          { loc: ['query', 'quarter'], msg: '2099Q1 has not started yet.', type: 'value_error' },
        ],
      },
    });
  });

  it('keeps the overview for staff', async () => {
    expect((await owner.get(`/v2/benchmarks?quarter=${QUARTER}`)).status).toBe(403);
  });
});

describe('the figures (sections 5 and 6)', () => {
  it('reproduces the worked example through the API, for every role of the institute', async () => {
    for (const client of [owner, member, guest, staff]) {
      const answer = await checkedAnswer(hospital, client);
      expect(answer).toMatchObject({
        institute: hospital,
        kind: 'pts',
        quarter: QUARTER,
        complete: true,
        k: 5,
        min_records: 6,
        min_measurements: 1000,
      });
      const [group] = answer.groups;
      expect(answer.groups).toHaveLength(1);
      expect(group).toMatchObject({
        key: 'pts',
        level: 'kind',
        shown: true,
        n_institutes: 6,
        n_lines: 7,
      });
      expect(group.robust_mean).toBeCloseTo(394.545928, 5);
      expect(group.robust_sd).toBeCloseTo(66.517045, 5);
      expect(group.percentiles!.p90).toBeCloseTo(629.34, 6);
      const [a, b] = answer.lines;
      expect(a).toMatchObject({
        line_name: 'Own line A',
        status: 'compared',
        group: 'pts',
        records: 6,
        quintile: 4,
        band: 'satisfactory',
      });
      expect(a.value).toBe(436.7);
      expect(a.z).toBeCloseTo(0.633733, 6);
      expect(a.percentile).toBeCloseTo(78.571429, 6);
      expect(b).toMatchObject({ band: 'unsatisfactory' });
      expect(b.z).toBeCloseTo(7.873983, 6);
      expect(answer.hemolysis).toMatchObject({
        measurements: 0,
        status: 'too_few_measurements',
        group: { key: 'pts', shown: false, n_institutes: null },
      });
    }
  });

  it('never names another institute, its lines or ids, to a peer', async () => {
    const answer = await checkedAnswer(peers[0], staff);
    expect(answer.lines.map((l) => l.line_name)).toEqual(['Secret peer line 0']);
    const json = JSON.stringify(answer);
    expect(json).not.toContain('Own line');
    expect(json).not.toContain('Northfield');
    expect(json).not.toMatch(new RegExp(`"(line_id|institute|id)":${hospital}[,}]`));
  });

  it('follows a changed record in the next answer', async () => {
    const [line] = truth[0].lines;
    await server.ctx.db.query(
      `UPDATE records SET exclude = true WHERE id IN (
         SELECT id FROM records WHERE line_id = $1 ORDER BY id LIMIT 1)`,
      [line.id],
    );
    const answer = await checkedAnswer(hospital, owner);
    expect(answer.lines[0]).toMatchObject({ records: 5, status: 'too_few_records', value: null });
    expect(answer.groups[0]).toMatchObject({ shown: true, n_institutes: 6, n_lines: 6 });
    const values = VALUES.filter((v) => v !== 436.7);
    expect(answer.groups[0].robust_mean).toBeCloseTo(algorithmA(values).mean, 9);
    expect(answer.groups[0].percentiles!.p25).toBeCloseTo(percentilesOf(values).p25, 9);
    await server.ctx.db.query('UPDATE records SET exclude = false WHERE line_id = $1', [line.id]);
    expect((await checkedAnswer(hospital, owner)).lines[0].records).toBe(6);
  });

  it('withholds the group, with no count, once fewer than 5 institutes take part', async () => {
    await optIn(peers[0], false);
    participating.delete(peers[0]);
    expect((await checkedAnswer(hospital, owner)).groups[0]).toMatchObject({
      shown: true,
      n_institutes: 5,
    });
    await optIn(peers[1], false);
    participating.delete(peers[1]);
    const answer = await checkedAnswer(hospital, owner);
    expect(answer.groups).toEqual([
      {
        key: 'pts',
        level: 'kind',
        kind: 'pts',
        length_class: null,
        manufacturer: null,
        label: 'All PTS lines',
        shown: false,
        n_institutes: null,
        n_lines: null,
        robust_mean: null,
        robust_sd: null,
        percentiles: null,
      },
    ]);
    expect(answer.lines.map((l) => [l.status, l.group, l.z])).toEqual([
      ['no_group', null, null],
      ['no_group', null, null],
    ]);
    expect((await benchmarksOf(peers[0], staff)).status).toBe(403);
    for (const id of peers.slice(0, 2)) await optIn(id, true);
    participating = new Set([hospital, ...peers]);
  });

  it('withholds a nested group of 5 inside one of 6 (differencing)', async () => {
    await server.ctx.db.query('UPDATE lines SET length = 500 WHERE id = ANY($1)', [
      truth.slice(1).map((i) => i.lines[0].id),
    ]);
    for (const inst of truth.slice(1)) inst.lines[0].length = 500;
    const answer = await checkedAnswer(peers[0], staff);
    expect(answer.groups.map((g) => [g.key, g.shown, g.n_institutes])).toEqual([
      ['pts', true, 6],
      ['pts/medium', false, null],
    ]);
    expect(answer.lines[0].group).toBe('pts');
    const overview = await staff.get(`/v2/benchmarks?quarter=${QUARTER}`);
    expect(overview.status).toBe(200);
    expect(overviewViolations(participants(), overview.body)).toEqual([]);
    expect(
      overview.body.groups.map((g: { key: string; reason: string | null }) => [g.key, g.reason]),
    ).toEqual([
      ['pts', null],
      ['pts/medium', 'differencing'],
    ]);
    expect(overview.body.groups[1].institutes).toHaveLength(5);
  });

  it('shows dominated groups to no one', async () => {
    // The hospital takes more than half of the lines.
    for (const n of [1, 2, 3, 4, 5, 6]) await addLine(hospital, `Own extra ${n}`, 400 + n, null);
    const answer = await checkedAnswer(hospital, owner);
    expect(answer.groups[0]).toMatchObject({ key: 'pts', shown: false, n_institutes: null });
    const overview = await staff.get(`/v2/benchmarks?quarter=${QUARTER}`);
    expect(overview.body.groups[0]).toMatchObject({ key: 'pts', reason: 'dominated', n_lines: 13 });
    await server.ctx.db.query('UPDATE lines SET archived = true WHERE name LIKE $1', [
      'Own extra%',
    ]);
    for (const inst of truth)
      inst.lines = inst.lines.filter((l) => !l.name.startsWith('Own extra'));
    expect((await checkedAnswer(hospital, owner)).groups[0].shown).toBe(true);
  });
});

describe('the export (section 7)', () => {
  it('writes the answer as CSV and Excel with the spec columns, and a PDF', async () => {
    const path = `/v2/institutes/${hospital}/benchmarks/export?quarter=${QUARTER}`;
    const csv = await downloadExport(owner, `${path}&format=csv`);
    expect(csv.res.status).toBe(200);
    const rows = csvLines(csv.bytes);
    expect(rows[0]).toBe(
      'quarter,item,line_id,line_name,status,records,value,group,n_institutes,n_lines,robust_mean,robust_sd,p10,p25,p50,p75,p90,z,percentile,quintile,band',
    );
    expect(rows).toHaveLength(1 + 2 + 5);
    expect(rows[1]).toMatch(/^2026Q3,vitalmetric,\d+,Own line A,compared,6,436\.7,pts,6,7,/);
    expect(rows[3]).toMatch(/^2026Q3,pre_hemi,,,too_few_measurements,0,,,,,/);
    expect(csv.bytes.toString()).not.toContain('Secret');
    const xlsx = await downloadExport(owner, `${path}&format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    const sheet = await readSheet(xlsx.bytes, `Peer benchmarking ${QUARTER}`);
    expect(sheet.getRow(2).getCell(4).value).toBe('Own line A');
    const pdf = await downloadExport(owner, `${path}&format=pdf`);
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const audited = await server.ctx.db.query(
      `SELECT changes->>'format' AS format FROM audit_events
       WHERE object_type = 'export' AND object_id = $1 ORDER BY id`,
      [`benchmarks-${QUARTER}`],
    );
    expect(audited.map((r: { format: string }) => r.format)).toEqual(['csv', 'xlsx', 'pdf']);
    expect((await downloadExport(outsider, `${path}&format=csv`)).res.status).toBe(404);
  });
});

describe('hemolysis indicators (sections 3 and 6)', () => {
  /** `above` of `count` routine measurements at 60 mg/dL (above 50 and the lower thresholds). */
  async function measurements(institute: number, count: number, above: number, donor = false) {
    const line = truth.find((i) => i.id === institute)!.lines[0].id;
    const [data] = await server.ctx.db.query(
      `INSERT INTO hemolysis_data (institute_id, title, file_name, line_id, donor_sample,
         timezone_name, file_sha256, file_size, measurement_count, measurement_start, measurement_end)
       VALUES ($1, 'HI', 'hi.csv', $2, $3, 'UTC', repeat('a', 64), 1, $4, $5, $5) RETURNING id`,
      [institute, line, donor, count, IN_QUARTER],
    );
    await server.ctx.db.query(
      `INSERT INTO hemolysis_measurements (data_id, timestamp, value)
       SELECT $1, $2, CASE WHEN n <= $4 THEN 60 ELSE 10 END FROM generate_series(1, $3::int) n`,
      [data.id, IN_QUARTER, count, above],
    );
  }

  it('compares each indicator among 5 institutes with 1,000 routine measurements', async () => {
    const counts = [7, 12, 20, 31, 69];
    const members = [hospital, ...peers.slice(0, 4)];
    for (const [i, id] of members.entries()) await measurements(id, 1000, counts[i]);
    // Donor samples and a lab with too few measurements count nowhere.
    await measurements(hospital, 500, 500, true);
    await measurements(peers[4], 999, 999);
    const answer = await checkedAnswer(hospital, owner);
    const { hemolysis } = answer;
    expect(hemolysis).toMatchObject({
      measurements: 1000,
      status: 'compared',
      group: { key: 'pts', shown: true, n_institutes: 5 },
    });
    const preHemi = hemolysis.indicators[0];
    expect(hemolysis.indicators.map((i) => i.indicator)).toEqual([
      'pre_hemi',
      'pre_hemr',
      'rejected_ldh',
      'rejected_asat',
      'rejected_potassium',
    ]);
    expect(preHemi).toMatchObject({ cutoff: 50, count: 7, value: 0.007, band: 'medium' });
    const rates = counts.map((c) => c / 1000);
    expect(preHemi.robust_mean).toBeCloseTo(algorithmA(rates).mean, 12);
    expect(preHemi.robust_sd).toBeCloseTo(algorithmA(rates).sd, 12);
    expect(preHemi.percentiles!.p75).toBeCloseTo(percentilesOf(rates).p75, 12);
    expect(preHemi.percentile).toBe(10);
    expect(preHemi.quintile).toBe(1);
    const low = await checkedAnswer(peers[4], staff);
    expect(low.hemolysis).toMatchObject({
      measurements: 999,
      status: 'too_few_measurements',
      group: { shown: true, n_institutes: 5 },
    });
    expect(low.hemolysis.indicators[0]).toMatchObject({ value: null, band: null, z: null });
    expect(low.hemolysis.indicators[0].robust_mean).toBeCloseTo(algorithmA(rates).mean, 12);
  });

  it('withholds the hemolysis group, with no count, below 5 institutes', async () => {
    await optIn(peers[0], false);
    participating.delete(peers[0]);
    const { hemolysis } = await checkedAnswer(hospital, owner);
    expect(hemolysis.status).toBe('no_group');
    expect(hemolysis.group).toEqual({
      key: 'pts',
      label: expect.any(String),
      shown: false,
      n_institutes: null,
    });
    expect(hemolysis.indicators[0]).toMatchObject({
      value: 0.007,
      band: 'medium',
      robust_mean: null,
      percentiles: null,
      z: null,
    });
    await optIn(peers[0], true);
    participating.add(peers[0]);
  });
});

describe("quarters in each institute's zone (section 2)", () => {
  it('moves a record across the edge when the zone changes, and says where the quarter runs', async () => {
    const peer = truth.find((i) => i.id === peers[2])!;
    await insertProcessedRecords(server.ctx.db, peer.id, peer.lines[0].id, [
      { auc: VALUES[2], date: new Date('2026-09-30T13:00:00Z') },
    ]);
    let answer = await checkedAnswer(peer.id, staff);
    expect(answer.lines[0].records).toBe(7);
    expect(answer.start).toBe('2026-07-01T00:00:00.000Z');
    expect(
      (await staff.patch(`/v2/institutes/${peer.id}`, { timezone: 'Pacific/Kiritimati' })).status,
    ).toBe(200);
    answer = await checkedAnswer(peer.id, staff);
    expect(answer.lines[0].records).toBe(6);
    expect(answer.start).toBe('2026-06-30T10:00:00.000Z');
    expect(answer.end).toBe('2026-09-30T10:00:00.000Z');
    const next = await benchmarksOf(peer.id, staff, '2026Q4');
    expect(next.status).toBe(200);
    expect(next.body.lines[0]).toMatchObject({ records: 1, status: 'too_few_records' });
  });
});
