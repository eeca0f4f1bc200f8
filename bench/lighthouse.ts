import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { launch } from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadConfig } from '../server/config';
import { DRIFT_LINE } from '../server/demo/demo-monitoring';
import { loginAs } from '../testing/browser';
import type { ApiClient } from '../testing/http';
import { startBenchServer } from './bench-server';
import type { Figure, Skipped } from './timing';

/** Debian's Chromium, as the browser tests use it; Lighthouse never downloads one. */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Beside chrome-launcher's own (background networking, component updates, sync and first run
 * off): without these, Chromium does not start as root here, or tries the closed network.
 */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'];
/** Runs per page: Lighthouse's own advice is the median of several, its scores move between runs. */
const RUNS = 3;
/** Where the median run's HTML report of each page is left for a human to read. */
const REPORTS = path.resolve(__dirname, '..', 'test-artifacts', 'lighthouse');

interface Audit {
  /** What is measured, for the figure's name and the report's file. */
  name: string;
  file: string;
  /** The page, or how to find it in the demo data. */
  path: string | ((demo: DemoPages) => string);
  /** Lighthouse's preset; its default is a throttled phone. */
  preset: 'desktop' | 'mobile';
  /** The floor for the performance score, where it sets one. */
  minScore?: number;
  /** The ceiling for cumulative layout shift, where it sets one. */
  maxLayoutShift?: number;
}

const AUDITS: Audit[] = [
  {
    name: 'Lighthouse desktop, /dashboard signed in, cold cache',
    file: 'dashboard-desktop',
    path: '/dashboard',
    preset: 'desktop',
    minScore: 95,
    maxLayoutShift: 0.1,
  },
  {
    name: 'Lighthouse mobile, /records signed in, cold cache',
    file: 'records-mobile',
    path: '/records',
    preset: 'mobile',
    minScore: 80,
  },
  {
    // The view that shifted by 0.229 (issue 44): the demo's monitored line.
    name: "Lighthouse desktop, a line's monitoring view signed in, cold cache",
    file: 'line-monitoring-desktop',
    path: ({ monitoredLine }) => `/line/${monitoredLine}/monitoring`,
    preset: 'desktop',
    maxLayoutShift: 0.1,
  },
];

/** What the audited paths need of the demo data. */
interface DemoPages {
  /** The demo's monitored line (server/demo/demo-monitoring.ts). */
  monitoredLine: number;
}

async function demoPages(member: ApiClient, hospital: number): Promise<DemoPages> {
  const lines: { id: number; name: string }[] = (
    await member.get(`/v2/institutes/${hospital}/lines?size=50`)
  ).body.items;
  const monitored = lines.find((line) => line.name === DRIFT_LINE);
  if (!monitored) throw new Error(`the demo has no line '${DRIFT_LINE}'`);
  return { monitoredLine: monitored.id };
}

/**
 * The Lighthouse figures: the `lighthouse` package drives Debian's Chromium through its
 * own chrome-launcher on the full demo data, signed in as the demo member through the login
 * page (the session is the app's stored one, which Lighthouse's storage reset leaves alone while
 * it empties the HTTP cache: a signed-in user's cold cache). Each page is audited RUNS times;
 * the run of median performance score is the figure, its metrics the note. Needs the renderer
 * build.
 */
export async function benchLighthouse(): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  // RENDERER_DIR as the server reads it: a build kept aside can be measured while dist/ changes.
  const rendererDir = loadConfig({ RENDERER_DIR: process.env.RENDERER_DIR }).rendererDir;
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    const note = `no renderer build in ${rendererDir}: run 'npm run build:renderer'`;
    return { figures: [], skipped: AUDITS.map(({ name }) => ({ name, note })) };
  }
  console.log('Lighthouse: demo database with six months of records …');
  const bench = await startBenchServer('lighthouse', {
    rendererDir: () => rendererDir,
    env: { DEMO: 'true' },
  });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const origin = bench.server.url;
    await signIn(chrome.port, origin);
    const demo = await demoPages(bench.member, bench.hospital);
    const figures: Figure[] = [];
    for (const audit of AUDITS) {
      console.log(`  ${audit.name}, ${RUNS} runs …`);
      const url = origin + (typeof audit.path === 'string' ? audit.path : audit.path(demo));
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await auditWithRetry(chrome.port, url, audit.preset));
        console.log(`    ${describe(runs[run])}`);
      }
      figures.push(...auditFigures(audit, runs));
    }
    return { figures, skipped: [] };
  } finally {
    chrome.kill();
    await bench.stop();
  }
}

/** Signs the demo member in through the login page in the browser Lighthouse then drives. */
async function signIn(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // The browser's own context: the tabs Lighthouse opens share its stored session.
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/login`);
    await loginAs(page, 'member@example.org');
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * An audit, run again once when Lighthouse itself fails (now and then it loses the page's
 * navigation start, NO_NAVSTART, on a busy machine): one such failure would cost the whole figure.
 */
async function auditWithRetry(port: number, url: string, preset: Audit['preset']) {
  try {
    return await runLighthouse(port, url, preset);
  } catch (error) {
    console.log(`    run failed, run again: ${(error as Error).message}`);
    return runLighthouse(port, url, preset);
  }
}

/**
 * One audit by Lighthouse's own command line in plain Node: under tsx, the functions Lighthouse
 * runs in the page would carry tsx's `__name` helper, which the page does not have.
 */
async function runLighthouse(port: number, url: string, preset: Audit['preset']): Promise<Result> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      require.resolve('lighthouse/cli/index.js'),
      url,
      `--port=${port}`,
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
  return lhr;
}

/** The score and layout shift of the median run, each where the issue sets a target. */
function auditFigures(audit: Audit, runs: Result[]): Figure[] {
  const sorted = [...runs].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor(sorted.length / 2)];
  fs.mkdirSync(REPORTS, { recursive: true });
  const report = path.join(REPORTS, `${audit.file}.json`);
  fs.writeFileSync(report, JSON.stringify(median));
  const note =
    `median of ${RUNS} runs (scores ${runs.map(score).join(', ')}); ${describe(median)}; ` +
    `LCP element ${lcpElement(median)}; report ${path.relative(process.cwd(), report)}`;
  const figures: Figure[] = [];
  if (audit.minScore !== undefined)
    figures.push({
      name: `${audit.name}: performance score`,
      product: score(median),
      baseline: audit.minScore,
      baselineName: 'the target',
      unit: 'score',
      target: 1,
      atLeast: true,
      note,
    });
  if (audit.maxLayoutShift !== undefined)
    figures.push({
      name: `${audit.name}: cumulative layout shift`,
      product: metric(median, 'cumulative-layout-shift'),
      baseline: audit.maxLayoutShift,
      baselineName: 'the target',
      unit: 'shift',
      target: 1,
      // Without a score of its own to carry them, the run's figures are this one's note.
      note:
        `the median run's; shifted: ${shiftSources(median)}` +
        (audit.minScore === undefined ? `; ${note}` : ''),
    });
  return figures;
}

const score = (lhr: Result) => Math.round((lhr.categories.performance.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id].numericValue ?? NaN;

/** The key metrics of one run, as Lighthouse names them. */
const describe = (lhr: Result) =>
  `score ${score(lhr)}, FCP ${ms(metric(lhr, 'first-contentful-paint'))}, ` +
  `LCP ${ms(metric(lhr, 'largest-contentful-paint'))}, ` +
  `TBT ${ms(metric(lhr, 'total-blocking-time'))}, ` +
  `CLS ${metric(lhr, 'cumulative-layout-shift').toFixed(3)}`;

const ms = (value: number) => `${value.toFixed(0)} ms`;

interface NodeItem {
  node?: { selector?: string; snippet?: string };
  score?: number;
}

/** What Lighthouse took as the largest contentful paint (its LCP breakdown names the node). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    { items?: ({ type: string } & NodeItem['node'])[] } | undefined;
  return details?.items?.find((item) => item.type === 'node')?.selector ?? 'not found';
}

/** The elements that moved, with their share of the layout shift. */
function shiftSources(lhr: Result): string {
  const details = lhr.audits['layout-shifts']?.details as { items?: NodeItem[] } | undefined;
  const items = details?.items ?? [];
  if (items.length === 0) return 'none';
  return items
    .map((item) => `${item.node?.selector ?? '?'} (${(item.score ?? 0).toFixed(3)})`)
    .join(', ');
}
