import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { THROTTLE_LIMITS } from '../server/auth/login-throttle';
import type { ApiClient } from '../testing/http';
import { runForm, waitProcessed } from '../testing/records';
import { oneHourRun, registerBenchVial, startBenchServer } from './bench-server';
import type { Figure, Skipped } from './timing';

const VIAL_UUID = '3f6a9c2e-8b1d-4e7f-a5c4-1d2e3f4a5b6c';
/** Connections each endpoint and the static file are loaded with (the issue's two levels). */
const LEVELS = [50, 200] as const;
/** Seconds measured per endpoint and level, after WARMUP_SECONDS at the same connections. */
const SECONDS = 10;
const WARMUP_SECONDS = 2;
/** A request unanswered this long is an error (autocannon's default is 10 s). */
const TIMEOUT_SECONDS = 30;
/** What a browser sends: the server's precompressed files and its stored gzip answer it. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Seconds to wait after each of its runs (warm-up, measurement), so queued work does not spill. */
  settle: number;
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Why the measurement does not count: errors, timeouts or non-2xx answers (warm-up included). */
  failure?: string;
}

/**
 * The issue's load figures: the records list, the acceleration series of a one-hour record, login
 * and the lines list, each driven by autocannon at 50 and 200 connections for a fixed time against
 * the renderer's `/` from the same server in the same run (requests/s, p50 and p99 latency). The
 * server runs in this process on the full demo data; autocannon runs in a worker thread of its
 * own, so the load generator does not share the server's event loop. Any error, timeout or
 * non-2xx answer fails the figure. Needs the renderer build (the static `/`).
 */
export async function benchLoad(): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  const rendererDir = loadConfig({}).rendererDir;
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    const note = `no renderer build in ${rendererDir} (the static file): run 'npm run build:renderer'`;
    return { figures: [], skipped: [{ name: 'load at 50 and 200 connections', note }] };
  }
  console.log('load: demo database with six months of records …');
  const bench = await startBenchServer('load', {
    rendererDir: () => rendererDir,
    env: { DEMO: 'true' },
  });
  try {
    const { member, hospital } = bench;
    await registerBenchVial(bench, 'VV-LOAD', VIAL_UUID);
    const run = oneHourRun(21, VIAL_UUID);
    const uploaded = await member.multipart(
      `/v2/institutes/${hospital}/record-upload`,
      runForm(run, VIAL_UUID, 'LOAD.DAT'),
    );
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
    const record = uploaded.body.id as number;
    await waitProcessed(member, record, 120_000);

    // 127.0.0.1 whatever name the server gives itself: the load stays on loopback.
    const origin = `http://127.0.0.1:${new URL(bench.server.url).port}`;
    const staticFile: Target = {
      name: 'static file (/)',
      method: 'GET',
      path: '/',
      headers: { 'Accept-Encoding': ACCEPT_ENCODING },
      settle: 2,
    };
    const get = (name: string, url: string): Target => ({
      name,
      method: 'GET',
      path: url,
      headers: { 'Accept-Encoding': ACCEPT_ENCODING, ...bearer(member) },
      settle: 2,
    });
    const targets: Target[] = [
      get(
        'records list (member, 20 rows, page 0)',
        `/v2/institutes/${hospital}/records?page=0&size=20&ordering=-date`,
      ),
      get('acceleration series, one-hour record', `/v2/records/${record}/data?type=acceleration`),
      get('lines list (every line)', `/v2/institutes/${hospital}/lines?size=9999`),
      {
        name: 'login (demo member)',
        method: 'POST',
        path: '/v2/auth/token',
        headers: {
          'Accept-Encoding': ACCEPT_ENCODING,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          username: 'member@example.org',
          password: DEMO_PASSWORD,
        }).toString(),
        // Password hashing queued behind the last requests goes on for seconds after they stop.
        settle: 5,
      },
    ];
    for (const target of [staticFile, ...targets]) {
      const answer = await fetch(origin + target.path, {
        method: target.method,
        headers: target.headers,
        body: target.body,
      });
      if (!answer.ok) throw new Error(`${target.name} answered ${answer.status}`);
      await answer.arrayBuffer();
    }

    const figures: Figure[] = [];
    for (const connections of LEVELS) {
      console.log(`  ${connections} connections, ${SECONDS} s each …`);
      const baseline = await measure(origin, staticFile, connections);
      console.log(`    ${describe(staticFile.name, baseline)}`);
      for (const target of targets) {
        const load = await measure(origin, target, connections);
        console.log(`    ${describe(target.name, load)}`);
        figures.push(...loadFigures(target.name, connections, load, baseline));
      }
    }
    const { perAccount, perAddress, windowMs } = THROTTLE_LIMITS.login;
    figures[0].note =
      `autocannon ${autocannonVersion()} in a worker thread against 127.0.0.1, ${SECONDS} s per ` +
      `endpoint and level after ${WARMUP_SECONDS} s of warm-up, Accept-Encoding as browsers send it, ` +
      `the full demo data; any error, timeout (${TIMEOUT_SECONDS} s) or non-2xx answer fails the figure`;
    const login = figures.find((f) => f.name.startsWith('login'));
    if (login)
      login.note =
        `every attempt is the demo member's right password: the login throttle counts failed ` +
        `logins only (${perAccount} per account, ${perAddress} per address in ` +
        `${windowMs / 60_000} minutes) and a success clears the account's count, so it is left ` +
        `as it is and never reached; a 429 would fail the figure`;
    return { figures, skipped: [] };
  } finally {
    await bench.stop();
  }
}

/** One endpoint at one level: WARMUP_SECONDS of the same load, then SECONDS measured. */
async function measure(origin: string, target: Target, connections: number): Promise<Load> {
  const cannon = (duration: number) =>
    autocannon({
      url: origin + target.path,
      method: target.method,
      headers: target.headers,
      body: target.body,
      connections,
      duration,
      timeout: TIMEOUT_SECONDS,
      // Its own thread: the server runs on this one.
      workers: 1,
    });
  const warmup = await cannon(WARMUP_SECONDS);
  // autocannon leaves the requests in flight when its time is up; the server still answers them,
  // and the measured run's first requests would queue behind as many (at 200 connections a second
  // of the warm-up's work, which made the records list's p99 twice its p50).
  await sleep(target.settle * 1000);
  const result = await cannon(SECONDS);
  await sleep(target.settle * 1000);
  const problems = [
    ...failures(warmup).map((problem) => `${problem} in the warm-up`),
    ...failures(result),
  ];
  if (result.requests.total === 0) problems.push('no request answered');
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failure: problems.length > 0 ? problems.join('; ') : undefined,
  };
}

/** Errors (timeouts among them) and non-2xx answers of one autocannon run, by status code. */
function failures(result: autocannon.Result): string[] {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count ?? '?'}× ${code}`);
  return [
    ...(result.errors > 0 ? [`${result.errors} errors (${result.timeouts} timeouts)`] : []),
    ...(result.non2xx > 0 ? [`${result.non2xx} non-2xx (${codes.join(', ')})`] : []),
  ];
}

/** Requests/s (the issue's target at 50 connections), p50 and p99 (its target at 200) of one. */
function loadFigures(name: string, connections: number, load: Load, baseline: Load): Figure[] {
  const isRecords = name.startsWith('records list');
  const failed = [
    load.failure && `${name}, ${connections} connections: ${load.failure}`,
    baseline.failure && `static file, ${connections} connections: ${baseline.failure}`,
  ]
    .filter(Boolean)
    .join('; ');
  const row = (
    what: string,
    product: number,
    base: number,
    unit: Figure['unit'],
    target?: { target: number; atLeast?: boolean },
  ): Figure => ({
    name: `${name}, ${connections} connections: ${what}`,
    product,
    baseline: base,
    baselineName: 'static file',
    unit,
    ...target,
    ...(failed ? { failed } : {}),
  });
  return [
    row(
      'requests/s',
      load.requestsPerSecond,
      baseline.requestsPerSecond,
      'req/s',
      isRecords && connections === 50 ? { target: 0.5, atLeast: true } : undefined,
    ),
    row('p50', load.p50, baseline.p50, 'ms'),
    row(
      'p99',
      load.p99,
      baseline.p99,
      'ms',
      isRecords && connections === 200 ? { target: 3 } : undefined,
    ),
  ];
}

const describe = (name: string, load: Load) =>
  `${name}: ${load.requestsPerSecond.toFixed(0)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ` +
  `${load.requests} requests${load.failure ? ` (${load.failure})` : ''}`;

const bearer = (client: ApiClient) => ({ Authorization: `Bearer ${client.token}` });

function autocannonVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('autocannon')), 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}
