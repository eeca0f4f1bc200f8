import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeGroup, sampleSize, toHundredths, type Pair } from '../../../shared/comparison';
import { FLAG_OFF_DETAIL } from '../../../shared/domain/feature-flags';
import { csvLines, downloadExport, readSheet } from '../../../testing/exports';
import type { ApiClient } from '../../../testing/http';
import { insertProcessedRecords, daysAgo } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { User } from '../../entities/user';

/** Comparison studies (method-comparison.md sections 2, 4 and 5). */

let server: TestServer;
let owner: ApiClient, admin: ApiClient, member: ApiClient, guest: ApiClient, staff: ApiClient;
/** A user of the courier only: another institute's. */
let outsider: ApiClient;
let hospital: number, courier: number;
let alpha: number, beta: number, courierLine: number;
let courierEntry: number;

/** Potassium pairs (reference, test) on each line; LDH on alpha only. */
const ALPHA_K: [number, number][] = [
  [4.1, 4.2],
  [3.9, 4.05],
  [4.5, 4.55],
  [5.02, 5.1],
  [3.6, 3.71],
  [4.8, 4.86],
  [4.3, 4.31],
  [4.0, 4.12],
  [4.7, 4.77],
  [3.8, 3.85],
  [5.3, 5.41],
  [4.25, 4.3],
];
const BETA_K: [number, number][] = [
  [4.2, 4.6],
  [3.7, 4.01],
  [4.9, 5.33],
  [4.4, 4.72],
  [5.1, 5.6],
  [3.95, 4.3],
];
const ALPHA_LDH: [number, number][] = [
  [180, 185],
  [210, 214],
  [195, 199],
  [250, 262],
  [170, 171],
  [230, 236],
  [205, 208],
];

async function insertEntries(
  instituteId: number,
  lineId: number,
  analyte: 'potassium' | 'ldh',
  pairs: [number, number][],
  date = '2026-03-10',
): Promise<number[]> {
  const ids: number[] = [];
  for (const [reference, test] of pairs) {
    const [row]: { id: number }[] = await server.ctx.db.query(
      `INSERT INTO clinical_data (institute_id, date, line_id, ${analyte}, ${analyte}_baseline)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [instituteId, date, lineId, test, reference],
    );
    ids.push(row.id);
  }
  return ids;
}

let alphaK: number[];
let alphaLdh: number[];

const STUDY = () => ({
  name: 'Potassium on the tube line',
  line_ids: [alpha, beta],
  date__gte: '2026-03-01',
  date__lt: '2026-04-01',
  analytes: [
    {
      analyte: 'potassium',
      criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
      decision_levels: [3.5, 5.5],
    },
    { analyte: 'ldh', criterion: { type: 'biological_variation', cvi: 8.6, cvg: 14.9 } },
  ],
});

const createStudy = (body: object = {}, client = member) =>
  client.post(`/v2/institutes/${hospital}/comparison-studies`, { ...STUDY(), ...body });

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, guest, staff] = await Promise.all(
    ['owner', 'admin', 'member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"clinicalData": true}' WHERE id = ANY($1)`,
    [[courier]],
  );
  const users = db.getRepository(User);
  const template = await users.findOneByOrFail({ email: 'member@example.org' });
  await users.save(
    users.create({
      email: 'outsider@example.org',
      firstName: 'Otto',
      lastName: 'Outsider',
      role: 'owner',
      isStaff: false,
      passwordHash: template.passwordHash,
      institutes: [{ id: courier }],
      defaultInstituteId: courier,
    }),
  );
  outsider = await server.login('outsider@example.org');
  alpha = (await insertLine(db, hospital, { name: 'Alpha line' })).id;
  beta = (await insertLine(db, hospital, { name: 'Beta line' })).id;
  courierLine = (await insertLine(db, courier, { name: 'Courier route' })).id;
  alphaK = await insertEntries(hospital, alpha, 'potassium', ALPHA_K);
  await insertEntries(hospital, beta, 'potassium', BETA_K);
  alphaLdh = await insertEntries(hospital, alpha, 'ldh', ALPHA_LDH);
  // Outside the study: another day range, another institute.
  await insertEntries(hospital, alpha, 'potassium', [[4, 9]], '2026-04-01');
  [courierEntry] = await insertEntries(courier, courierLine, 'potassium', [[4, 4.1]]);
});
afterAll(() => server.stop());

const pairsOf = (list: [number, number][], ids: number[]): Pair[] =>
  list.map(([x, y], i) => ({ id: ids[i], x: toHundredths(x), y: toHundredths(y) }));

describe('creating and editing a study', () => {
  it('creates a draft with the defaults filled, authored by its creator', async () => {
    const res = await createStudy({ name: 'Defaults' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Defaults',
      institute: hospital,
      line_ids: [alpha, beta],
      date__gte: '2026-03-01',
      date__lt: '2026-04-01',
      labels: [],
      confidence: 0.95,
      error_ratio: 1,
      status: 'draft',
      created_by: { name: 'Maria Member' },
      approved_by: null,
      approved_at: null,
      exclusions: [],
    });
    expect(res.body.analytes[1].criterion).toEqual({
      type: 'biological_variation',
      cvi: 8.6,
      cvg: 14.9,
      level: 'desirable',
    });
    expect(res.body.verdicts.map((v: { analyte: string }) => v.analyte)).toEqual([
      'potassium',
      'ldh',
    ]);
  });

  it('keeps names unique in the institute whatever their case (409)', async () => {
    expect((await createStudy({ name: 'Unique name' })).status).toBe(201);
    const again = await createStudy({ name: 'UNIQUE NAME' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'A study with this name already exists.' });
  });

  it.each([
    [{ line_ids: [] }, 'line_ids', 'Choose at least one line.'],
    [{ date__lt: '2026-03-01' }, 'date__lt', 'To Date cannot be before From Date.'],
    [
      { date__gte: '2999-01-01', date__lt: '2999-02-01' },
      'date__gte',
      'Dates cannot be in the future.',
    ],
    [{ date__gte: '2026-02-30' }, 'date__gte', undefined],
    [{ confidence: 0.8 }, 'confidence', undefined],
    [{ error_ratio: 0 }, 'error_ratio', 'Expected a number greater than 0.'],
    [{ name: '' }, 'name', 'A name is required.'],
    [{ name: 'x'.repeat(256) }, 'name', undefined],
    [
      { analytes: [STUDY().analytes[0], STUDY().analytes[0]] },
      'analytes',
      'Each analyte may appear once.',
    ],
    [
      {
        analytes: [
          { analyte: 'ldh', criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0 } },
        ],
      },
      'analytes',
      undefined,
    ],
  ])('refuses %j (422)', async (body, field, msg) => {
    const res = await createStudy({ name: `Refused ${Math.random()}`, ...body });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[1]).toBe(field);
    if (msg) expect(res.body.detail[0].msg).toBe(msg);
  });

  it("refuses another institute's line as the clinical-data rule does (422)", async () => {
    const res = await createStudy({ name: 'Foreign line', line_ids: [alpha, courierLine] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['body', 'line_ids'],
      msg: 'Choose a line of this organization.',
    });
  });

  it('lets a guest read but not write (403)', async () => {
    expect((await createStudy({ name: 'By a guest' }, guest)).status).toBe(403);
    const list = await guest.get(`/v2/institutes/${hospital}/comparison-studies`);
    expect(list.status).toBe(200);
  });

  it('lists newest first, page by page', async () => {
    const a = (await createStudy({ name: 'List A' })).body.id;
    const b = (await createStudy({ name: 'List B' })).body.id;
    const page = await member.get(`/v2/institutes/${hospital}/comparison-studies?page=0&size=2`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((s: { id: number }) => s.id)).toEqual([b, a]);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
  });

  it('edits a draft and checks the merged dates', async () => {
    const id = (await createStudy({ name: 'To edit' })).body.id;
    const renamed = await member.patch(`/v2/comparison-studies/${id}`, {
      name: 'Edited',
      confidence: 0.99,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', confidence: 0.99 });
    const [entry]: { changes: Record<string, unknown> }[] = await server.ctx.db.query(
      `SELECT changes FROM audit_events WHERE object_type = 'comparison_study'
          AND object_id = $1 AND action = 'updated' ORDER BY id DESC LIMIT 1`,
      [String(id)],
    );
    expect(entry.changes).toMatchObject({ name: { before: 'To edit', after: 'Edited' } });
    const bad = await member.patch(`/v2/comparison-studies/${id}`, { date__lt: '2026-02-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe('To Date cannot be before From Date.');
    expect((await guest.patch(`/v2/comparison-studies/${id}`, { name: 'x' })).status).toBe(403);
    expect((await member.delete(`/v2/comparison-studies/${id}`)).status).toBe(204);
    expect((await member.get(`/v2/comparison-studies/${id}`)).status).toBe(404);
  });
});

describe('results', () => {
  let id: number;
  beforeAll(async () => {
    id = (await createStudy({ name: 'Results' })).body.id;
  });

  it('answers a group per line and analyte, the all-lines group last, in the spec order', async () => {
    const res = await guest.get(`/v2/comparison-studies/${id}/results`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ study: id, status: 'draft', approved_by: null });
    expect(typeof res.body.computed_at).toBe('string');
    expect(
      res.body.groups.map((g: { analyte: string; line_name: string | null; n: number }) => [
        g.analyte,
        g.line_name,
        g.n,
      ]),
    ).toEqual([
      ['potassium', 'Alpha line', 12],
      ['potassium', 'Beta line', 6],
      ['potassium', null, 18],
      ['ldh', 'Alpha line', 7],
      ['ldh', 'Beta line', 0],
      ['ldh', null, 7],
    ]);
    const [k] = res.body.groups;
    expect(k).toMatchObject({ line_id: alpha, unit: 'mmol/L', excluded: 0 });
    expect(res.body.groups[3].unit).toBe('U/L');
  });

  it('computes the figures of the shared functions, in full precision', async () => {
    const res = await member.get(`/v2/comparison-studies/${id}/results`);
    const options = {
      confidence: 0.95 as const,
      errorRatio: 1,
      decisionLevels: [3.5, 5.5],
      criterion: { type: 'allowable_bias' as const, scale: 'absolute' as const, limit: 0.2 },
    };
    const expected = computeGroup(pairsOf(ALPHA_K, alphaK), options);
    const { line_id, line_name, analyte, unit, excluded, ...figures } = res.body.groups[0];
    void [line_id, line_name, analyte, unit, excluded];
    expect(figures).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(figures.bland_altman.absolute.bias).toBeCloseTo(0.08, 12);
    expect(res.body.groups[4]).toMatchObject({
      n: 0,
      verdict: 'too_few_pairs',
      paired_t: null,
      passing_bablok: null,
      bland_altman: { absolute: null, percent: null },
    });
    const ldh = computeGroup(pairsOf(ALPHA_LDH, alphaLdh), {
      confidence: 0.95,
      errorRatio: 1,
      decisionLevels: [],
      criterion: { type: 'biological_variation', cvi: 8.6, cvg: 14.9, level: 'desirable' },
    });
    expect(res.body.groups[3].criterion).toEqual(JSON.parse(JSON.stringify(ldh.criterion)));
    expect(res.body.groups[3].verdict).toBe('too_few_pairs');
  });

  it("follows a draft's data: a new entry and an exclusion change the next answer", async () => {
    const study = await createStudy({
      name: 'Follows its data',
      date__gte: '2026-05-01',
      date__lt: '2026-06-01',
    });
    const results = () => member.get(`/v2/comparison-studies/${study.body.id}/results`);
    expect((await results()).body.groups[0].n).toBe(0);
    expect((await results()).body.groups[0].n).toBe(0);
    const [entry] = await insertEntries(hospital, alpha, 'potassium', [[4, 4.1]], '2026-05-02');
    expect((await results()).body.groups[0].n).toBe(1);
    const exclusion = await member.post(`/v2/comparison-studies/${study.body.id}/exclusions`, {
      clinical_data: entry,
      analyte: null,
      reason: 'Kept answers',
    });
    expect((await results()).body.groups[0]).toMatchObject({ n: 0, excluded: 1 });
    await member.delete(`/v2/comparison-studies/${study.body.id}/exclusions/${exclusion.body.id}`);
    expect((await results()).body.groups[0]).toMatchObject({ n: 1, excluded: 0 });
    await member.patch(`/v2/comparison-studies/${study.body.id}`, { line_ids: [beta] });
    expect((await results()).body.groups[0]).toMatchObject({ line_id: beta, n: 0 });
  });

  it('finds no pairs where the labels filter leaves none', async () => {
    const label = await member.post(`/v2/institutes/${hospital}/labels`, { label: 'Study label' });
    const study = await createStudy({ name: 'Labelled', labels: [label.body.id] });
    expect(study.status).toBe(201);
    const res = await member.get(`/v2/comparison-studies/${study.body.id}/results`);
    expect(res.body.groups.every((g: { n: number }) => g.n === 0)).toBe(true);
  });
});

describe('exclusions', () => {
  let id: number;
  beforeAll(async () => {
    id = (await createStudy({ name: 'Exclusions' })).body.id;
  });

  it('leaves a pair out for one analyte, with its reason, and brings it back', async () => {
    const added = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[0],
      analyte: 'potassium',
      reason: 'Haemolysed on arrival',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      clinical_data: alphaK[0],
      analyte: 'potassium',
      reason: 'Haemolysed on arrival',
      created_by: { name: 'Maria Member' },
    });
    const results = await member.get(`/v2/comparison-studies/${id}/results`);
    expect(results.body.groups[0]).toMatchObject({ n: 11, excluded: 1 });
    expect(results.body.groups[2]).toMatchObject({ n: 17, excluded: 1 });
    const pairs = await member.get(`/v2/comparison-studies/${id}/pairs?analyte=potassium`);
    expect(pairs.status).toBe(200);
    expect(pairs.body.total).toBe(18);
    const excluded = pairs.body.items.find(
      (p: { clinical_data: number }) => p.clinical_data === alphaK[0],
    );
    expect(excluded).toMatchObject({
      line_id: alpha,
      line_name: 'Alpha line',
      reference: 4.1,
      test: 4.2,
      exclusion: { id: added.body.id, analyte: 'potassium', reason: 'Haemolysed on arrival' },
    });
    expect(excluded.difference).toBeCloseTo(0.1, 12);
    const again = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[0],
      analyte: 'potassium',
      reason: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(
      (await guest.delete(`/v2/comparison-studies/${id}/exclusions/${added.body.id}`)).status,
    ).toBe(403);
    const removed = await member.delete(`/v2/comparison-studies/${id}/exclusions/${added.body.id}`);
    expect(removed.status).toBe(204);
    const back = await member.get(`/v2/comparison-studies/${id}/results`);
    expect(back.body.groups[0]).toMatchObject({ n: 12, excluded: 0 });
  });

  it('excludes an entry for every analyte when the analyte is null', async () => {
    const res = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaLdh[0],
      analyte: null,
      reason: 'Wrong patient',
    });
    expect(res.status).toBe(201);
    const results = await member.get(`/v2/comparison-studies/${id}/results`);
    expect(results.body.groups[3]).toMatchObject({ analyte: 'ldh', n: 6, excluded: 1 });
    expect((await member.get(`/v2/comparison-studies/${id}`)).body.exclusions).toHaveLength(1);
  });

  it.each([
    [{ reason: '' }, 'reason'],
    [{ reason: 'x'.repeat(501) }, 'reason'],
    [{ analyte: 'sodium' }, 'analyte'],
    [{ clinical_data: 0 }, 'clinical_data'],
  ])('refuses %j (422)', async (body, field) => {
    const res = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[1],
      analyte: 'potassium',
      reason: 'A reason',
      ...body,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[1]).toBe(field);
  });

  it("refuses another institute's entry (422) and another study's exclusion (404)", async () => {
    const foreign = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: courierEntry,
      analyte: null,
      reason: 'Not ours',
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0]).toMatchObject({
      loc: ['body', 'clinical_data'],
      msg: 'Choose clinical data of this organization.',
    });
    const other = (await createStudy({ name: 'Other exclusions' })).body.id;
    const mine = await member.post(`/v2/comparison-studies/${other}/exclusions`, {
      clinical_data: alphaK[2],
      analyte: null,
      reason: 'Mine',
    });
    expect(
      (await member.delete(`/v2/comparison-studies/${id}/exclusions/${mine.body.id}`)).status,
    ).toBe(404);
  });
});

describe('approval', () => {
  let id: number;
  beforeAll(async () => {
    id = (await createStudy({ name: 'To approve' }, admin)).body.id;
    await admin.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[3],
      analyte: 'potassium',
      reason: 'Clotted',
    });
  });

  it('is refused to the author, to members and to guests', async () => {
    const byAuthor = await admin.post(`/v2/comparison-studies/${id}/approve`);
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body).toEqual({
      detail: 'A study is approved by someone other than its author.',
    });
    expect((await member.post(`/v2/comparison-studies/${id}/approve`)).status).toBe(403);
    expect((await guest.post(`/v2/comparison-studies/${id}/approve`)).status).toBe(403);
  });

  it('freezes the study: later clinical-data changes leave its results and pairs as they were', async () => {
    const before = await member.get(`/v2/comparison-studies/${id}/results`);
    const pairsBefore = await member.get(`/v2/comparison-studies/${id}/pairs`);
    const approved = await owner.post(`/v2/comparison-studies/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      created_by: { name: 'Adam Admin' },
      approved_by: { name: 'Olivia Owner' },
    });
    expect(typeof approved.body.approved_at).toBe('string');

    const db = server.ctx.db;
    await db.query('UPDATE clinical_data SET potassium = potassium + 1 WHERE id = $1', [alphaK[1]]);
    await db.query('DELETE FROM clinical_data WHERE id = $1', [alphaK[3]]);
    await insertEntries(hospital, alpha, 'potassium', [[4.4, 4.9]]);

    const after = await member.get(`/v2/comparison-studies/${id}/results`);
    expect(after.status).toBe(200);
    expect(after.body.groups).toEqual(before.body.groups);
    expect(after.body).toMatchObject({
      status: 'approved',
      computed_at: approved.body.approved_at,
      created_by: { name: 'Adam Admin' },
      approved_by: { name: 'Olivia Owner' },
    });
    expect((await member.get(`/v2/comparison-studies/${id}/pairs`)).body).toEqual(pairsBefore.body);
    const study = await member.get(`/v2/comparison-studies/${id}`);
    expect(study.body.exclusions).toHaveLength(1);
  });

  it('refuses every change of an approved study (409)', async () => {
    const refused = { detail: 'An approved study cannot be changed.' };
    const patch = await member.patch(`/v2/comparison-studies/${id}`, { name: 'Changed' });
    expect([patch.status, patch.body]).toEqual([409, refused]);
    const del = await member.delete(`/v2/comparison-studies/${id}`);
    expect([del.status, del.body]).toEqual([409, refused]);
    const excl = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[4],
      analyte: null,
      reason: 'Late',
    });
    expect([excl.status, excl.body]).toEqual([409, refused]);
    const again = await staff.post(`/v2/comparison-studies/${id}/approve`);
    expect([again.status, again.body]).toEqual([409, refused]);
  });

  it('writes every change to the audit trail', async () => {
    const rows: { object_type: string; action: string; changes: Record<string, unknown> }[] =
      await server.ctx.db.query(
        `SELECT object_type, action, changes FROM audit_events
          WHERE (object_type = 'comparison_study' AND object_id = $1)
             OR (object_type = 'comparison_exclusion' AND institute_id = $2)
          ORDER BY id`,
        [String(id), hospital],
      );
    const study = rows.filter((r) => r.object_type === 'comparison_study');
    expect(study.map((r) => r.action)).toEqual(['created', 'updated']);
    expect(study[1].changes).toMatchObject({ status: { before: 'draft', after: 'approved' } });
    expect(study[1].changes).not.toHaveProperty('frozen');
    expect(rows.some((r) => r.object_type === 'comparison_exclusion')).toBe(true);
  });
});

describe('the report and the export', () => {
  const pdfText = (bytes: Buffer) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comparison-report-'));
    try {
      const file = path.join(dir, 'report.pdf');
      fs.writeFileSync(file, bytes);
      if (process.env.KEEP_REPORT) fs.copyFileSync(file, `/tmp/report-${Date.now()}.pdf`);
      return execFileSync('pdftotext', ['-layout', file, '-']).toString();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('says Draft on every page of a draft, with the verdicts in words', async () => {
    const id = (await createStudy({ name: 'Report draft' })).body.id;
    await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[5],
      analyte: 'potassium',
      reason: 'Sample left on the bench',
    });
    const { res, bytes } = await downloadExport(guest, `/v2/comparison-studies/${id}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = pdfText(bytes);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(page).toContain('Draft');
    expect(text).toContain('Comparison Study Report');
    expect(text).toContain('Too few pairs');
    expect(text).toContain('Maria Member');
    expect(text).toContain('Sample left on the bench');
    expect(text).toMatch(/Acceptable|Not acceptable|Inconclusive/);
    // Both plots are vector graphics: no images in the file.
    expect(bytes.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('names the author and the approver of an approved study, without Draft', async () => {
    const id = (await createStudy({ name: 'Report approved' })).body.id;
    expect((await admin.post(`/v2/comparison-studies/${id}/approve`)).status).toBe(200);
    const { res, bytes } = await downloadExport(member, `/v2/comparison-studies/${id}/report`);
    expect(res.status).toBe(200);
    const text = pdfText(bytes);
    expect(text).toContain('Maria Member');
    expect(text).toContain('Adam Admin');
    expect(text).not.toContain('Draft');
  });

  it('exports the pairs, then the results table, as CSV and Excel, audited', async () => {
    const id = (await createStudy({ name: 'Export' })).body.id;
    await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[0],
      analyte: null,
      reason: 'Label, smudged',
    });
    const csv = await downloadExport(member, `/v2/comparison-studies/${id}/export?format=csv`);
    expect(csv.res.status).toBe(200);
    const lines = csvLines(csv.bytes);
    expect(lines[0]).toMatch(
      /^Table,Analyte,Line,Date,Clinical data,Reference,Test,Difference,% difference,Excluded,Reason,/,
    );
    const pairRows = lines.filter((l) => l.startsWith('Pair,'));
    const resultRows = lines.filter((l) => l.startsWith('Result,'));
    expect(pairRows).toHaveLength(18 + 7);
    expect(resultRows).toHaveLength(6);
    expect(lines.indexOf(resultRows[0])).toBeGreaterThan(lines.indexOf(pairRows.at(-1)!));
    expect(pairRows.find((l) => l.includes('"Label, smudged"'))).toContain(',Yes,');
    const xlsx = await downloadExport(member, `/v2/comparison-studies/${id}/export?format=xlsx`);
    expect(xlsx.res.status).toBe(200);
    const sheet = await readSheet(xlsx.bytes, 'Comparison study');
    expect(sheet.rowCount).toBe(1 + 25 + 6);
    const audited: unknown[] = await server.ctx.db.query(
      `SELECT 1 FROM audit_events WHERE action = 'exported' AND object_id = $1`,
      [`comparison-study-${id}`],
    );
    expect(audited).toHaveLength(2);
  });
});

describe('the sample-size planner', () => {
  it('answers the pairs of the shared rule', async () => {
    const res = await guest.post('/v2/comparison-studies/sample-size', {
      sd: 0.1,
      limit: 0.2,
      expected_bias: 0.05,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pairs: sampleSize({ sd: 0.1, limit: 0.2, expected_bias: 0.05, confidence: 0.95 }),
    });
    expect(res.body.pairs).toBeGreaterThanOrEqual(10);
    const small = await guest.post('/v2/comparison-studies/sample-size', { sd: 0, limit: 1 });
    expect(small.body).toEqual({ pairs: 10 });
  });

  it('refuses an expected bias at or past the limit (422)', async () => {
    const res = await member.post('/v2/comparison-studies/sample-size', {
      sd: 1,
      limit: 2,
      expected_bias: -2,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({
      loc: ['body', 'expected_bias'],
      msg: 'The expected bias must be smaller than the limit.',
    });
    expect(
      (await member.post('/v2/comparison-studies/sample-size', { sd: 1, limit: 0 })).status,
    ).toBe(422);
  });
});

describe('suggested lines', () => {
  it('names the three roughest lines of the last 90 days', async () => {
    const db = server.ctx.db;
    const lines = await Promise.all(
      ['Calm', 'Rough', 'Rougher', 'Roughest'].map(
        async (name) => (await insertLine(db, hospital, { name: `${name} suggested` })).id,
      ),
    );
    const aucs = [100, 400, 500, 900];
    for (const [i, line] of lines.entries()) {
      await insertProcessedRecords(db, hospital, line, [
        { auc: aucs[i], date: daysAgo(3) },
        { auc: aucs[i] + 10, date: daysAgo(5) },
        { auc: aucs[i] - 10, date: daysAgo(7) },
      ]);
    }
    // Old or excluded records do not count.
    await insertProcessedRecords(db, hospital, lines[0], [{ auc: 5000, date: daysAgo(120) }]);
    await insertProcessedRecords(db, hospital, lines[0], [
      { auc: 5000, date: daysAgo(2), exclude: true },
    ]);
    const res = await guest.get(`/v2/institutes/${hospital}/comparison-studies/suggested-lines`);
    expect(res.status).toBe(200);
    expect(res.body.line_ids).toEqual([lines[3], lines[2], lines[1]]);
    expect(res.body.items[0]).toMatchObject({
      line_name: 'Roughest suggested',
      median_vital_metric: 900,
      records: 3,
    });
  });
});

describe('tenancy', () => {
  it("answers 404 on every route to another institute's user", async () => {
    const id = (await createStudy({ name: 'Tenancy' })).body.id;
    const exclusion = await member.post(`/v2/comparison-studies/${id}/exclusions`, {
      clinical_data: alphaK[6],
      analyte: null,
      reason: 'Tenancy',
    });
    const base = `/v2/comparison-studies/${id}`;
    const calls = [
      outsider.get(`/v2/institutes/${hospital}/comparison-studies`),
      outsider.post(`/v2/institutes/${hospital}/comparison-studies`, {
        ...STUDY(),
        name: 'Theirs',
        line_ids: [courierLine],
      }),
      outsider.get(`/v2/institutes/${hospital}/comparison-studies/suggested-lines`),
      outsider.get(base),
      outsider.patch(base, { name: 'Mine now' }),
      outsider.get(`${base}/results`),
      outsider.get(`${base}/pairs`),
      outsider.post(`${base}/exclusions`, {
        clinical_data: courierEntry,
        analyte: null,
        reason: 'x',
      }),
      outsider.delete(`${base}/exclusions/${exclusion.body.id}`),
      outsider.post(`${base}/approve`),
      outsider.get(`${base}/report`),
      outsider.get(`${base}/export?format=csv`),
      outsider.delete(base),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await member.get(base)).body.name).toBe('Tenancy');
  });

  it("refuses a study in another institute's path to a member (404)", async () => {
    const res = await member.post(`/v2/institutes/${courier}/comparison-studies`, {
      ...STUDY(),
      name: 'Elsewhere',
      line_ids: [courierLine],
    });
    expect(res.status).toBe(404);
  });
});

describe('the clinicalData flag', () => {
  it('closes every study route of an institute without it to customers (403), not to staff', async () => {
    const id = (await createStudy({ name: 'Flag' })).body.id;
    const db = server.ctx.db;
    const [{ flags }]: { flags: unknown }[] = await db.query(
      'SELECT feature_flags AS flags FROM institutes WHERE id = $1',
      [hospital],
    );
    await db.query(
      `UPDATE institutes SET feature_flags = feature_flags || '{"clinicalData": false}'::jsonb
        WHERE id = $1`,
      [hospital],
    );
    try {
      for (const res of await Promise.all([
        member.get(`/v2/institutes/${hospital}/comparison-studies`),
        member.get(`/v2/comparison-studies/${id}`),
        member.get(`/v2/comparison-studies/${id}/results`),
        owner.post(`/v2/comparison-studies/${id}/approve`),
      ])) {
        expect([res.status, res.body.detail]).toEqual([403, FLAG_OFF_DETAIL.clinicalData]);
      }
      expect((await staff.get(`/v2/comparison-studies/${id}/results`)).status).toBe(200);
    } finally {
      await db.query('UPDATE institutes SET feature_flags = $2 WHERE id = $1', [
        hospital,
        JSON.stringify(flags),
      ]);
    }
  });
});

describe('a study of 100,000 pairs', () => {
  it('answers its results, pairs, report and export', async () => {
    // Written as an import writes its rows: one transaction, the rows' own audit muted.
    await server.ctx.db.transaction(async (manager) => {
      await manager.query(`SELECT set_config('vialqc.audit_mute', 'clinical_data', true)`);
      await manager.query(
        `INSERT INTO clinical_data (institute_id, date, line_id, potassium, potassium_baseline)
         SELECT $1, DATE '2026-07-01' + (i % 28), $2,
                round((4 + (i % 97) / 100.0 + (i % 13) / 100.0)::numeric, 2),
                round((4 + (i % 97) / 100.0)::numeric, 2)
           FROM generate_series(1, 100000) AS i`,
        [hospital, beta],
      );
    });
    const study = await createStudy({
      name: 'Large',
      line_ids: [beta],
      date__gte: '2026-07-01',
      date__lt: '2026-08-01',
      analytes: [STUDY().analytes[0]],
    });
    expect(study.status).toBe(201);
    const results = await member.get(`/v2/comparison-studies/${study.body.id}/results`);
    expect(results.status).toBe(200);
    expect(results.body.groups.map((g: { n: number }) => g.n)).toEqual([100_000, 100_000]);
    expect(results.body.groups[1].bland_altman.absolute.bias).toBeCloseTo(0.06, 2);
    const pairs = await member.get(`/v2/comparison-studies/${study.body.id}/pairs?size=10`);
    expect(pairs.body.total).toBe(100_000);
    const report = await downloadExport(member, `/v2/comparison-studies/${study.body.id}/report`);
    expect(report.res.status).toBe(200);
    const csv = await downloadExport(
      member,
      `/v2/comparison-studies/${study.body.id}/export?format=csv`,
    );
    expect(csv.res.status).toBe(200);
    expect(csvLines(csv.bytes)).toHaveLength(1 + 100_000 + 2);
  }, 300_000);
});
