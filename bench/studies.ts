import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import {
  STUDY_ANALYTES,
  type ComparisonStudyCreate,
  type StudyAnalyte,
} from '../shared/api/comparison-studies';
import { computeGroup, type GroupOptions, type Pair } from '../shared/comparison';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import type { ApiClient } from '../testing/http';
import { processEnv, spawnServer } from '../testing/processes';
import { announceMetrics, signInDemo } from './bench-server';
import { rssMb } from './pipeline';
import { alternately, alternatelyAfter, percentile, type Figure, type Skipped } from './timing';

/** Issue 40: one group of this many pairs, n(n−1)/2 = 4,498,500 Passing-Bablok slopes. */
const GROUP_PAIRS = 3000;
/** Runs of the group and of its baseline, taken in turns after a warm-up: their medians. */
const GROUP_RUNS = 7;
/** Issue 40's study: 5 analytes × 3 lines × 200 pairs. */
const STUDY_LINES = 3;
const PAIRS_PER_LINE = 200;
/** Issue 40's import, and its bound on the server's memory growth during it. */
const IMPORT_ROWS = 100_000;
const RSS_LIMIT_MB = 32;

/** A small seeded generator (mulberry32): the same pairs every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * `count` pairs in hundredths as an analyzer pair gives them: references 50.00–350.00 all
 * distinct (so every pair of pairs has a finite slope), the test 3 % higher plus 2 and noise,
 * in shuffled order.
 */
function benchPairs(count: number): Pair[] {
  const next = random(40);
  const pairs = Array.from({ length: count }, (_, i) => {
    const x =
      5000 + Math.floor((30_000 * i) / count) + Math.floor(next() * Math.floor(30_000 / count));
    return { id: i + 1, x, y: Math.round(x * 1.03 + 200 + (next() - 0.5) * 800) };
  });
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  return pairs;
}

/** The baseline: every slope (y_j − y_i)/(x_j − x_i), i < j, into a Float64Array, sorted. */
function slopesSorted(pairs: readonly Pair[]): number {
  const n = pairs.length;
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let at = 0;
  for (let i = 0; i < n - 1; i++) {
    const { x: xi, y: yi } = pairs[i];
    for (let j = i + 1; j < n; j++) slopes[at++] = (pairs[j].y - yi) / (pairs[j].x - xi);
  }
  slopes.sort();
  return slopes[at >> 1];
}

/**
 * The results of one group of GROUP_PAIRS pairs (`computeGroup`, Passing-Bablok and the rest)
 * against filling a Float64Array with the same pairs' slopes and sorting it, in this process:
 * each the median of GROUP_RUNS runs, taken in turns after one warm-up of each.
 */
export function benchLargeGroup(): Figure {
  const pairs = benchPairs(GROUP_PAIRS);
  const options: GroupOptions = {
    confidence: 0.95,
    errorRatio: 1,
    decisionLevels: [100, 250],
    criterion: { type: 'allowable_bias', scale: 'percent', limit: 10 },
  };
  const time = (work: () => unknown) => {
    const start = performance.now();
    work();
    return performance.now() - start;
  };
  const group = () => {
    if (!computeGroup(pairs, options).passing_bablok) throw new Error('no Passing-Bablok figures');
  };
  const baseline = () => slopesSorted(pairs);
  group();
  baseline();
  const groupTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let run = 0; run < GROUP_RUNS; run++) {
    baselineTimes.push(time(baseline));
    groupTimes.push(time(group));
  }
  const slopes = (GROUP_PAIRS * (GROUP_PAIRS - 1)) / 2;
  return {
    name: `results of one group of ${GROUP_PAIRS.toLocaleString('en')} pairs (${slopes.toLocaleString('en')} Passing-Bablok slopes)`,
    product: percentile(groupTimes, 0.5),
    baseline: percentile(baselineTimes, 0.5),
    baselineName: 'fill a Float64Array with the slopes and sort it, same process',
    unit: 'ms',
    target: 3,
    note: `computeGroup, medians of ${GROUP_RUNS} runs each in turns (group: ${groupTimes.map((t) => t.toFixed(0)).join(', ')} ms; baseline: ${baselineTimes.map((t) => t.toFixed(0)).join(', ')} ms)`,
  };
}

const DAYS = 28;
/** Each analyte's reference range in the CSV (its unit), low and high. */
const RANGES: Record<(typeof STUDY_ANALYTES)[number], [number, number]> = {
  h_index: [2, 300],
  ldh: [120, 480],
  asat: [10, 200],
  potassium: [3, 6.5],
  pfhb: [2, 150],
};

/** The study's clinical data as the lab's CSV: PAIRS_PER_LINE rows per line, every analyte paired. */
function studyCsv(lines: string[]): string {
  const next = random(41);
  const rows = [['date', 'line', ...STUDY_ANALYTES.flatMap((a) => [a, `${a}_baseline`])].join(',')];
  for (const line of lines) {
    for (let i = 0; i < PAIRS_PER_LINE; i++) {
      const day = String(1 + (i % DAYS)).padStart(2, '0');
      const values = STUDY_ANALYTES.flatMap((analyte) => {
        const [low, high] = RANGES[analyte];
        const reference = low + next() * (high - low);
        const test = reference * (1.02 + (next() - 0.5) * 0.08);
        return [test.toFixed(2), reference.toFixed(2)];
      });
      rows.push([`2025-03-${day}`, line, ...values].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}

/** IMPORT_ROWS rows of the import-memory test's kind, on one line, in April 2025. */
function importCsv(file: string, line: string): void {
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(
      out,
      'date,line,h_index,h_index_baseline,ldh,ldh_baseline,potassium,potassium_baseline\n',
    );
    let chunk = '';
    for (let i = 0; i < IMPORT_ROWS; i++) {
      const day = String(1 + (i % DAYS)).padStart(2, '0');
      chunk +=
        `2025-04-${day},${line},${(i % 300) / 10},${(i % 70) / 10},${200 + (i % 97)}.25,` +
        `${180 + (i % 89)},${(i % 9) / 2 + 3},4.${i % 100}\n`;
      if (chunk.length > 1 << 16) {
        fs.writeSync(out, chunk);
        chunk = '';
      }
    }
    fs.writeSync(out, chunk);
  } finally {
    fs.closeSync(out);
  }
}

async function importFile(member: ApiClient, hospital: number, file: Blob): Promise<number> {
  const form = new FormData();
  form.append('file', file, 'lab-export.csv');
  const res = await member.multipart(`/v2/institutes/${hospital}/clinical-data/import`, form);
  if (res.status !== 201)
    throw new Error(`import answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.created as number;
}

/**
 * Issue 40's server figures, on one server process of its own started as `npm start` starts it
 * (the full demo data, the worker off, as the import-memory test runs it): the results of a study
 * of 5 analytes × 3 lines × 200 pairs against the records list (member, 20 rows, page 0), p95 of
 * each called in turn, computed (one of the study's entries changed through the API before each
 * round, so no answer is a kept one) and kept (data unchanged); then the import of IMPORT_ROWS
 * rows on a line outside the study, the server's peak resident size (`VmHWM`, reset before the
 * import, and sampled every 10 ms) above its size just before.
 */
export async function benchStudyServer(): Promise<Figure[] | null> {
  if (!fs.existsSync('/proc/self/status')) return null;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-studies-'));
  const cluster = await startEmbeddedPostgres(path.join(home, 'postgres'));
  try {
    const server = await spawnServer(
      processEnv(cluster.url(), {
        DATA_DIR: path.join(home, 'data'),
        DEMO: 'true',
        WORKER: 'false',
      }),
    );
    announceMetrics(server.url);
    const pg = new Client({ connectionString: cluster.url() });
    await pg.connect();
    try {
      const { member, hospital } = await signInDemo(server.url);
      await pg.query(
        `UPDATE institutes SET feature_flags = coalesce(feature_flags, '{}'::jsonb) || '{"clinicalData": true}'
          WHERE id = $1`,
        [hospital],
      );
      const names = Array.from({ length: STUDY_LINES }, (_, i) => `Study line ${i + 1}`);
      const lineIds: number[] = [];
      for (const name of [...names, 'Import line']) {
        const line = await member.post(`/v2/institutes/${hospital}/lines`, { name });
        if (line.status !== 201) throw new Error(`line ${name}: ${line.status}`);
        lineIds.push(line.body.id as number);
      }
      // The study's data through the import itself: it also loads and compiles the import's code
      // before its memory is measured.
      const csv = studyCsv(names);
      const created = await importFile(member, hospital, new Blob([csv]));
      if (created !== STUDY_LINES * PAIRS_PER_LINE) throw new Error(`imported ${created} entries`);
      const body: ComparisonStudyCreate = {
        name: 'Bench study',
        line_ids: lineIds.slice(0, STUDY_LINES),
        date__gte: '2025-03-01',
        date__lt: '2025-04-01',
        analytes: STUDY_ANALYTES.map((analyte) => ({
          analyte,
          criterion: { type: 'allowable_bias', scale: 'percent', limit: 10 },
          decision_levels: [RANGES[analyte][0] * 2, RANGES[analyte][1] / 2],
        })),
      };
      const study = await member.post(`/v2/institutes/${hospital}/comparison-studies`, body);
      if (study.status !== 201)
        throw new Error(`study: ${study.status} ${JSON.stringify(study.body)}`);
      const get = (url: string) => async () => {
        const answer = await member.get(url);
        if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
        return answer;
      };
      const results = get(`/v2/comparison-studies/${study.body.id}/results`);
      const groups = (await results()).body.groups as { n: number }[] | undefined;
      const records = get(`/v2/institutes/${hospital}/records?page=0&size=20&ordering=-date`);
      console.log(`  study results against the records list, ${groups?.length ?? '?'} groups …`);
      // Both answers are kept while the institute's data is unchanged (its generation). Before
      // each round of the first figure one of the study's entries is corrected through the API,
      // as a lab would (its LDH up by one more 0.01 U/L each round, so that no round's data was
      // seen before), which raises the generation, so each call computes its answer: the groups
      // that hold the entry anew, the others from the figures kept by their inputs. Before each
      // round of the second, an entry of each line is corrected in every analyte, so that every
      // group is computed, as after an import. The kept answers are a note.
      const firstEntry = async (lineId: number) =>
        (
          (await get(`/v2/institutes/${hospital}/clinical-data?line_id=${lineId}&page=0&size=1`)())
            .body.items as ({ id: number } & Record<StudyAnalyte, number>)[]
        )[0];
      const entries = await Promise.all(lineIds.slice(0, STUDY_LINES).map(firstEntry));
      let corrections = 0;
      /** Each of `corrected` entries' `analytes` up by `corrections` hundredths: new values. */
      const correct =
        (corrected: typeof entries, analytes: readonly StudyAnalyte[]) => async () => {
          corrections++;
          for (const entry of corrected) {
            const values = Object.fromEntries(
              analytes.map((a) => [a, (Math.round(entry[a] * 100) + corrections) / 100]),
            );
            const answer = await member.patch(`/v2/clinical-data/${entry.id}`, values);
            if (answer.status !== 200) throw new Error(`entry ${entry.id}: ${answer.status}`);
          }
        };
      const changeInput = correct(entries.slice(0, 1), ['ldh']);
      const changeAll = correct(entries, STUDY_ANALYTES);
      const computedAt = async () => (await results()).body.computed_at as string;
      const kept = await computedAt();
      await changeInput();
      if ((await computedAt()) === kept) throw new Error('a changed entry kept the results');
      const [resultTimes, recordTimes] = await alternatelyAfter(changeInput, results, records);
      const [coldResults, coldRecords] = await alternatelyAfter(changeAll, results, records);
      const [keptResults, keptRecords] = await alternately(results, records);

      const file = path.join(home, 'import.csv');
      importCsv(file, 'Import line');
      const pid = server.child.pid!;
      console.log(`  import of ${IMPORT_ROWS.toLocaleString('en')} rows …`);
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const before = rssMb(pid);
      let sampled = before;
      const sampler = setInterval(() => (sampled = Math.max(sampled, rssMb(pid))), 10);
      const start = performance.now();
      let imported: number;
      try {
        imported = await importFile(member, hospital, await fs.openAsBlob(file));
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - start) / 1000;
      if (imported !== IMPORT_ROWS) throw new Error(`imported ${imported} of ${IMPORT_ROWS} rows`);
      const peak = Math.max(rssMb(pid, 'VmHWM'), sampled);
      return [
        {
          name: `comparison study results, ${STUDY_ANALYTES.length} analytes × ${STUDY_LINES} lines × ${PAIRS_PER_LINE} pairs: p95, after one entry corrected`,
          product: percentile(resultTimes, 0.95),
          baseline: percentile(recordTimes, 0.95),
          baselineName: 'records list (member, 20 rows, page 0), same server',
          unit: 'ms',
          target: 2,
          note:
            `a spawned server on the full demo data, ${resultTimes.length} calls of each in turns, ` +
            `one of the study's entries corrected (PATCH, a value no round had before) before ` +
            `each round, so neither answer is a kept one: the groups holding the entry computed, ` +
            `the others' figures kept by their inputs; medians ` +
            `${percentile(resultTimes, 0.5).toFixed(1)} ms and ${percentile(recordTimes, 0.5).toFixed(1)} ms`,
        },
        {
          name: 'same study results, every group computed (an entry of each line corrected): p95',
          product: percentile(coldResults, 0.95),
          baseline: percentile(coldRecords, 0.95),
          baselineName: 'records list (member, 20 rows, page 0), same server',
          unit: 'ms',
          target: 2,
          note:
            `${coldResults.length} calls of each in turns, an entry of each line corrected in ` +
            `every analyte (PATCH, values no round had before) before each round, so that no ` +
            `group's figures are kept, as after an import; medians ` +
            `${percentile(coldResults, 0.5).toFixed(1)} ms and ${percentile(coldRecords, 0.5).toFixed(1)} ms`,
        },
        {
          name: 'same study results, kept answer (data unchanged): p95',
          product: percentile(keptResults, 0.95),
          baseline: percentile(keptRecords, 0.95),
          baselineName: 'records list, kept answer, same server',
          unit: 'ms',
          target: 2,
          note: `${keptResults.length} calls of each in turns, right after the computed ones`,
        },
        {
          name: `clinical data import of ${IMPORT_ROWS.toLocaleString('en')} rows: server RSS growth`,
          product: peak - before,
          baseline: RSS_LIMIT_MB,
          baselineName: "the issue's bound",
          unit: 'MB',
          target: 1,
          note: `RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (VmHWM reset before the import; sampled peak ${sampled.toFixed(0)} MB); ${seconds.toFixed(1)} s`,
        },
      ];
    } finally {
      await pg.end();
      await server.kill();
    }
  } finally {
    await cluster.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** `npm run bench -- --studies` (and the full bench): issue 40's three figures. */
export async function benchStudies(): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  console.log(`comparison studies: one group of ${GROUP_PAIRS.toLocaleString('en')} pairs …`);
  const figures = [benchLargeGroup()];
  const skipped: Skipped[] = [];
  console.log('comparison studies: a study and an import on a server process of its own …');
  const server = await benchStudyServer();
  if (server) figures.push(...server);
  else
    skipped.push({
      name: 'comparison study results and import memory',
      note: 'RSS is read from /proc (Linux only)',
    });
  return { figures, skipped };
}
