import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClient } from '../testing/http';
import { runForm, waitProcessed } from '../testing/records';
import { alternately, percentile, timed, type Figure } from './timing';
import { oneHourRun, registerBenchVial, startBenchServer } from './bench-server';

const VIAL_UUID = '7c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e5';
/** One-hour runs uploaded: the first-request figure is the median of their first requests. */
const RUNS = 5;

/**
 * The acceleration chart of a one-hour 1 kHz record (what the record page asks for: the default
 * 4000 points) against the same bytes as a static file from the same server: the renderer folder,
 * served by the app's own static-file handler. The first request after processing is measured with
 * the run cache emptied, as an API process other than the worker would see it.
 */
export async function benchChartSeries(): Promise<Figure[]> {
  // The static file is served by the app's own static-file handler, as the renderer is.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html>');
  const bench = await startBenchServer('series', { rendererDir: () => staticDir });
  try {
    const { server, member, hospital } = bench;
    await registerBenchVial(bench, 'VV-SERIES', VIAL_UUID);

    console.log(`chart series: ${RUNS} one-hour 1 kHz runs`);
    const series = (id: number) => `/v2/records/${id}/data?type=acceleration`;
    // The same bytes on the wire as the static file: the series unpacked. (Browsers take the
    // stored gzip as it is; Node's fetch unpacks it slower than it parses the JSON, measured
    // apart below.)
    const get = (url: string, encoding = 'identity') =>
      member.request('GET', url, { headers: { 'Accept-Encoding': encoding } });
    const firsts: number[] = [];
    let id = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const bytes = oneHourRun(seed, VIAL_UUID);
      const form = runForm(bytes, VIAL_UUID, `RUN${seed}.DAT`);
      id = (await member.multipart(`/v2/institutes/${hospital}/record-upload`, form)).body.id;
      await waitProcessed(member, id, 120_000);
      server.ctx.runs.clear();
      const [answer, ms] = await timed(() => get(series(id)));
      if (answer.status !== 200) throw new Error(`series answered ${answer.status}`);
      firsts.push(ms);
    }
    const body = await (await fetch(server.url + series(id), { headers: auth(member) })).text();
    fs.writeFileSync(path.join(staticDir, 'series.json'), body);
    console.log(`  acceleration series: ${(body.length / 1000).toFixed(0)} kB`);

    const [staticFile, warm, gzipped] = await alternately(
      () => get('/series.json'),
      () => get(series(id)),
      () => get(series(id), 'gzip'),
    );
    const baselineName = 'static file';
    return [
      {
        name: 'acceleration series, one-hour 1 kHz record: warm p95',
        product: percentile(warm, 0.95),
        baseline: percentile(staticFile, 0.95),
        baselineName,
        unit: 'ms',
        target: 2,
        note: `gzip-encoded (what browsers ask for, unpacked by Node's fetch): p95 ${percentile(gzipped, 0.95).toFixed(2)} ms`,
      },
      {
        name: 'same series, first request after processing',
        product: percentile(firsts, 0.5),
        baseline: percentile(staticFile, 0.5),
        baselineName,
        unit: 'ms',
        target: 5,
        note: `median of ${RUNS} runs' first requests (${firsts.map((t) => t.toFixed(1)).join(', ')} ms) against the static file's median`,
      },
    ];
  } finally {
    await bench.stop();
    fs.rmSync(staticDir, { recursive: true, force: true });
  }
}

const auth = (client: ApiClient) => ({ Authorization: `Bearer ${client.token}` });
