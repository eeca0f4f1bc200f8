import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { InstituteBenchmarksDto } from '../../../shared/api/benchmarks';
import type { RecordDto } from '../../../shared/api/records';
import { DEFAULT_THRESHOLDS } from '../../../shared/rejection/model';
import { simulateRun } from '../../../shared/vial/simulate';
import {
  agrees,
  refAnswer,
  refQuarter,
  type RefInstitute,
} from '../../../testing/benchmarks-reference';
import { csvLines, downloadExport } from '../../../testing/exports';
import type { ApiClient } from '../../../testing/http';
import { runForm, waitProcessed } from '../../../testing/records';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/**
 * The independent check of issue 43 ("Done when"): a population of institutes, lines, records
 * and hemolysis measurements built through the API alone, opted in and out through the API, and
 * every figure of every participant's answer recomputed by testing/benchmarks-reference.ts
 * (written from the spec, sharing no code with the product) from the records and measurements
 * as the API reports them, to 1e-6; and no answer or export holding another institute's name,
 * line name or id.
 */

let server: TestServer;
let staff: ApiClient;

const QUARTER = '2026Q2';
const START = new Date('2026-04-01T00:00:00Z');
const END = new Date('2026-07-01T00:00:00Z');
const DAY = 86_400_000;

/** A fixed pseudo-random sequence (mulberry32): the population is the same at every run. */
function randomOf(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomOf(43);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

/** The population as built, kept current from what the API answers. */
const population: RefInstitute[] = [];
/** Every record uploaded, by institute: its id, for reading it back. */
const recordIds = new Map<number, number[]>();
/** Every measurement uploaded, by institute, with its instant. */
const uploadedMeasurements = new Map<number, { at: Date; hi: number }[]>();

async function created<T>(res: Promise<{ status: number; body: T }>): Promise<T> {
  const answer = await res;
  if (answer.status !== 201) throw new Error(`expected 201: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An institute with its lines, runs on them (some outside the quarter) and measurements. */
async function buildInstitute(n: number, optedIn: boolean) {
  const name = `Independent Org ${String.fromCharCode(65 + n)} ${Math.floor(random() * 1e6)}`;
  const { id } = await created<{ id: number }>(
    staff.post('/v2/institutes', { name, metadata_type: 'pts', timezone: 'UTC' }),
  );
  const inst: RefInstitute = {
    id,
    name,
    kind: 'pts',
    optedIn: false,
    lines: [],
    records: [],
    measurements: [],
    thresholds: { ...DEFAULT_THRESHOLDS },
  };
  population.push(inst);
  const vial = randomUUID();
  await created(
    staff.post('/v2/vials', { label: `IC${n}${id}`, uuid: vial, version: 'VV2', institute: id }),
  );
  const ids: number[] = [];
  for (let k = 0; k < 2; k++) {
    const handCarried = n === 2 && k === 1;
    const line = await created<{
      id: number;
      name: string;
      length: number | null;
      manufacturer: string | null;
    }>(
      staff.post(`/v2/institutes/${id}/lines`, {
        name: `Secret line ${n}${k} of ${id}`,
        length: pick([null, 150, 450, 450, 800, 1500]),
        manufacturer: pick(['Swisslog', 'Swisslog', 'Aerocom', 'Other', null]),
        is_hand_carried: handCarried,
      }),
    );
    inst.lines.push({
      id: line.id,
      name: line.name,
      length: line.length,
      manufacturer: line.manufacturer,
      handCarried,
      archived: false,
    });
    // 5 to 7 runs in the quarter, and one in the quarter before.
    const runs = 5 + Math.floor(random() * 3);
    for (let r = 0; r <= runs; r++) {
      const at =
        r === runs ? START.getTime() - 20 * DAY : START.getTime() + (10 + 70 * random()) * DAY;
      const bytes = simulateRun({
        seed: id * 100 + k * 10 + r,
        roughness: 0.3 + 2.5 * random(),
        transitSeconds: 20,
        idleSeconds: 2,
        startMs: Math.round(at),
        vialUuid: vial,
      });
      const upload = await staff.multipart(
        `/v2/institutes/${id}/record-upload`,
        runForm(bytes, vial),
      );
      expect(upload.status).toBe(201);
      await waitProcessed(staff, upload.body.id);
      expect((await staff.patch(`/v2/records/${upload.body.id}`, { line: line.id })).status).toBe(
        200,
      );
      ids.push(upload.body.id);
    }
  }
  recordIds.set(id, ids);
  // Routine measurements: 1,000 or more in the quarter except for one institute, a few before.
  const count = n === 4 ? 900 : 1000 + Math.floor(random() * 200);
  const rough = 10 + 40 * random();
  const measurements: { at: Date; hi: number }[] = [];
  for (let m = 0; m < count + 5; m++) {
    const at = m < count ? START.getTime() + 85 * DAY * random() : START.getTime() - DAY * 3;
    measurements.push({
      at: new Date(Math.round(at / 1000) * 1000),
      hi: Math.round(rough * -Math.log(1 - random())),
    });
  }
  uploadedMeasurements.set(id, measurements);
  const csv =
    'timestamp,h_index\n' + measurements.map((m) => `${m.at.toISOString()},${m.hi}`).join('\n');
  const form = new FormData();
  form.append('line', String(inst.lines[0].id));
  form.append('title', 'Routine samples');
  form.append('file', new Blob([new Uint8Array(Buffer.from(csv))]), 'analyzer.csv');
  expect((await staff.multipart(`/v2/institutes/${id}/hemolysis-index-data`, form)).status).toBe(
    201,
  );
  if (optedIn) await optIn(inst, true);
}

async function optIn(inst: RefInstitute, on: boolean) {
  const res = await staff.put(`/v2/institutes/${inst.id}/benchmarking`, { opt_in: on });
  expect(res.status).toBe(200);
  expect(res.body.opt_in).toBe(on);
  inst.optedIn = on;
}

/** The records and measurements as the API reports them now: the truth the reference reads. */
async function readBack() {
  for (const inst of population) {
    inst.records = [];
    for (const id of recordIds.get(inst.id)!) {
      const r = (await staff.get<RecordDto>(`/v2/records/${id}`)).body;
      const m = r.metrics;
      inst.records.push({
        line: r.line?.id ?? null,
        date: new Date(r.date),
        auc: m?.auc ?? null,
        included:
          r.is_processed &&
          m !== null &&
          !r.exclude &&
          !r.hidden &&
          !r.test_run &&
          !m.no_run_error &&
          !m.short_run_error &&
          !m.flatline_error,
      });
    }
    inst.measurements = uploadedMeasurements
      .get(inst.id)!
      .filter((m) => m.at >= START && m.at < END)
      .map((m) => m.hi);
  }
}

const seen = { shown: 0, withheld: 0, compared: 0, hemolysisCompared: 0 };

/** Every participant's answer against the reference, and nothing of anyone else in it. */
async function checkEveryAnswer(): Promise<string[]> {
  await readBack();
  const quarter = refQuarter(population, START, END);
  const wrong: string[] = [];
  const near = (what: string, actual: number | null, expected: number | null) => {
    if (!agrees(actual, expected)) wrong.push(`${what}: ${actual} ≠ ${expected}`);
  };
  const same = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) wrong.push(`${what}: ${String(actual)} ≠ ${String(expected)}`);
  };
  for (const inst of population) {
    const res = await staff.get<InstituteBenchmarksDto>(
      `/v2/institutes/${inst.id}/benchmarks?quarter=${QUARTER}`,
    );
    if (!inst.optedIn) {
      same(`${inst.name} not taking part`, res.status, 403);
      continue;
    }
    same(`${inst.name} status`, res.status, 200);
    const answer = res.body;
    const expected = refAnswer(quarter, inst, START, END);
    const at = (s: string) => `${inst.name} ${s}`;
    same(
      at('groups'),
      answer.groups.map((g) => g.key).join(),
      expected.groups.map((g) => g.key).join(),
    );
    for (const [i, g] of expected.groups.entries()) {
      const got = answer.groups[i];
      if (!got) continue;
      same(at(`${g.key} shown`), got.shown, g.shown);
      seen[g.shown ? 'shown' : 'withheld']++;
      same(at(`${g.key} n_institutes`), got.n_institutes, g.figures?.n_institutes ?? null);
      same(at(`${g.key} n_lines`), got.n_lines, g.figures?.n_lines ?? null);
      near(at(`${g.key} robust_mean`), got.robust_mean, g.figures?.robust_mean ?? null);
      near(at(`${g.key} robust_sd`), got.robust_sd, g.figures?.robust_sd ?? null);
      for (const p of ['p10', 'p25', 'p50', 'p75', 'p90'] as const) {
        near(at(`${g.key} ${p}`), got.percentiles?.[p] ?? null, g.figures?.percentiles[p] ?? null);
      }
    }
    same(
      at('lines'),
      answer.lines.map((l) => l.line_id).join(),
      expected.lines.map((l) => l.line_id).join(),
    );
    for (const [i, l] of expected.lines.entries()) {
      const got = answer.lines[i];
      if (!got) continue;
      const of = (s: string) => at(`line ${l.line_id} ${s}`);
      if (l.status === 'compared') seen.compared++;
      same(of('status'), got.status, l.status);
      same(of('records'), got.records, l.records);
      same(of('group'), got.group, l.group);
      same(of('quintile'), got.quintile, l.quintile);
      same(of('band'), got.band, l.band);
      near(of('value'), got.value, l.value);
      near(of('z'), got.z, l.z);
      near(of('percentile'), got.percentile, l.percentile);
    }
    const h = expected.hemolysis;
    if (h.status === 'compared') seen.hemolysisCompared++;
    same(at('measurements'), answer.hemolysis.measurements, h.measurements);
    same(at('hemolysis status'), answer.hemolysis.status, h.status);
    same(at('hemolysis shown'), answer.hemolysis.group.shown, h.shown);
    same(at('hemolysis n_institutes'), answer.hemolysis.group.n_institutes, h.n_institutes);
    for (const [i, ind] of h.indicators.entries()) {
      const got = answer.hemolysis.indicators[i];
      const of = (s: string) => at(`${ind.indicator} ${s}`);
      same(of('indicator'), got.indicator, ind.indicator);
      same(of('count'), got.count, ind.count);
      same(of('band'), got.band, ind.band);
      same(of('quintile'), got.quintile, ind.quintile);
      for (const f of ['cutoff', 'value', 'robust_mean', 'robust_sd', 'z', 'percentile'] as const) {
        near(of(f), got[f], ind[f]);
      }
      for (const p of ['p10', 'p25', 'p50', 'p75', 'p90'] as const) {
        near(of(p), got.percentiles?.[p] ?? null, ind.percentiles?.[p] ?? null);
      }
    }
    wrong.push(
      ...othersIn(inst, JSON.stringify(answer), {
        institute: answer.institute,
        lineIds: answer.lines.map((l) => l.line_id),
      }),
    );
  }
  return wrong;
}

/**
 * Another institute's name, line name, id or line id in a customer answer or export: its text,
 * and what it holds as an institute id and line ids where it has them (the answer, the CSV and
 * the workbook; the PDF shows no id).
 */
function othersIn(
  inst: RefInstitute,
  text: string,
  held?: { institute?: number; lineIds: readonly number[] },
): string[] {
  const found: string[] = [];
  for (const other of population) {
    if (other.id === inst.id) continue;
    if (text.includes(other.name)) found.push(`${inst.name} names ${other.name}`);
    for (const line of other.lines) {
      if (text.includes(line.name)) found.push(`${inst.name} names ${line.name}`);
    }
  }
  if (held) {
    const own = new Set(inst.lines.map((l) => l.id));
    if (held.institute !== undefined && held.institute !== inst.id)
      found.push(`${inst.name} answers for ${held.institute}`);
    for (const id of held.lineIds) {
      if (!own.has(id)) found.push(`${inst.name} holds line ${id}`);
    }
  }
  return found;
}

/**
 * A PDF's text as poppler's pdftotext reads it, in the order it is drawn, every run of spaces and
 * line ends as one space: a name wrapped in a table cell or in the title reads whole.
 */
function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchmarks-report-'));
  try {
    const file = path.join(dir, 'benchmarks.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-raw', file, '-']).toString().replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The line ids of a table's rows, by its `line_id` header (none when it has no such column). */
function lineIdsOf([header = [], ...rows]: string[][]): number[] {
  const at = header.indexOf('line_id');
  return at < 0
    ? []
    : rows
        .map((row) => row[at] ?? '')
        .filter((cell) => cell !== '')
        .map(Number);
}

/**
 * An export as a customer reads it: all its text (every cell of every sheet of a workbook, as
 * text) and the line ids its rows hold (the PDF holds none).
 */
async function readExport(
  format: 'csv' | 'xlsx' | 'pdf',
  bytes: Buffer,
): Promise<{ text: string; lineIds: number[] }> {
  if (format === 'pdf') return { text: pdfText(bytes), lineIds: [] };
  if (format === 'csv') {
    const lines = csvLines(bytes);
    return { text: lines.join('\n'), lineIds: lineIdsOf(lines.map((l) => l.split(','))) };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const text: string[] = [];
  const lineIds: number[] = [];
  for (const sheet of workbook.worksheets) {
    const grid: string[][] = [];
    sheet.eachRow((row) => {
      const cells: (string | undefined)[] = [];
      row.eachCell((cell, column) => {
        cells[column - 1] = cell.text;
      });
      grid.push(Array.from(cells, (cell) => cell ?? ''));
    });
    text.push(sheet.name, ...grid.map((row) => row.join('\t')));
    lineIds.push(...lineIdsOf(grid));
  }
  return { text: text.join('\n'), lineIds };
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  // Seven institutes; the last one joins later.
  for (let n = 0; n < 7; n++) await buildInstitute(n, n < 6);
}, 600_000);
afterAll(() => server.stop());

it('agrees with an independent computation to 1e-6 as institutes opt in and out', async () => {
  expect(await checkEveryAnswer()).toEqual([]);
  // A seventh institute joins.
  await optIn(population[6], true);
  expect(await checkEveryAnswer()).toEqual([]);
  // One leaves: its data leaves every figure.
  await optIn(population[0], false);
  expect(await checkEveryAnswer()).toEqual([]);
  await optIn(population[0], true);
  // An excluded run and a line moved to another length class, through the API.
  const [first] = recordIds.get(population[1].id)!;
  expect((await staff.patch(`/v2/records/${first}`, { exclude: true })).status).toBe(200);
  const moved = population[3].lines[0];
  expect((await staff.patch(`/v2/lines/${moved.id}`, { length: 1200 })).status).toBe(200);
  moved.length = 1200;
  expect(await checkEveryAnswer()).toEqual([]);
  // The population exercised what it is meant to.
  expect(seen.shown).toBeGreaterThan(0);
  expect(seen.withheld).toBeGreaterThan(0);
  expect(seen.compared).toBeGreaterThan(0);
  expect(seen.hemolysisCompared).toBeGreaterThan(0);
}, 300_000);

it.each(['csv', 'xlsx', 'pdf'] as const)(
  'exports nothing of another institute (%s)',
  async (format) => {
    for (const inst of population.filter((i) => i.optedIn)) {
      const { res, bytes } = await downloadExport(
        staff,
        `/v2/institutes/${inst.id}/benchmarks/export?quarter=${QUARTER}&format=${format}`,
      );
      expect(res.status).toBe(200);
      const { text, lineIds } = await readExport(format, bytes);
      // The export read as it should: its own lines by name (and by id where it has ids), and
      // the institute's own name in the PDF's title.
      for (const line of inst.lines) expect(text).toContain(line.name);
      if (format === 'pdf') expect(text).toContain(inst.name);
      else {
        const byId = (a: number, b: number) => a - b;
        expect([...lineIds].sort(byId)).toEqual(inst.lines.map((l) => l.id).sort(byId));
      }
      expect(othersIn(inst, text, { lineIds })).toEqual([]);
    }
  },
  60_000,
);
