import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/boot';
import { loadConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { simulateRun } from '../shared/vial/simulate';
import { ApiClient } from '../testing/http';
import { runForm, waitProcessed } from '../testing/records';
import { p95, timed, type Figure } from './timing';

const VIAL_UUID = '7c1d2e3f-4a5b-4c6d-8e7f-90a1b2c3d4e5';
/** One-hour runs uploaded: the first-request figure is the median of their first requests. */
const RUNS = 5;

/**
 * The acceleration chart of a one-hour 1 kHz record (what the record page asks for: the default
 * 4000 points) against the same bytes as a static file from the same server: the renderer folder,
 * served by the app's own express.static. The first request after processing is measured with
 * the run cache emptied, as an API process other than the worker would see it.
 */
export async function benchChartSeries(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-series-'));
  const staticDir = path.join(dir, 'static');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html>');
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const quiet = { info: () => undefined, error: console.error };
  const server = await startServer(
    {
      ...loadConfig({ DATA_DIR: dir, DATABASE_URL: cluster.url(), DEMO: 'accounts', PORT: '0' }),
      rendererDir: staticDir,
    },
    quiet,
  );
  try {
    const api = new ApiClient(server.url);
    const token = async (email: string) =>
      (await api.form('/v2/auth/token', { username: email, password: DEMO_PASSWORD })).body
        .access_token as string;
    const staff = api.as(await token('staff@example.org'));
    const member = api.as(await token('member@example.org'));
    const hospital = (await staff.get('/v2/institutes?search_string=Northfield')).body.items[0].id;
    await staff.post('/v2/vials', {
      label: 'VV-SERIES',
      uuid: VIAL_UUID,
      version: 'VV2',
      institute: hospital,
    });

    console.log(`chart series: ${RUNS} one-hour 1 kHz runs`);
    const series = (id: number) => `/v2/records/${id}/data?type=acceleration`;
    const firsts: number[] = [];
    let id = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const bytes = simulateRun({
        sampleRate: 1000,
        idleSeconds: 30,
        transitSeconds: 3540,
        seed,
        vialUuid: VIAL_UUID,
      });
      const form = runForm(bytes, VIAL_UUID, `RUN${seed}.DAT`);
      id = (await member.multipart(`/v2/institutes/${hospital}/record-upload`, form)).body.id;
      await waitProcessed(member, id, 120_000);
      server.ctx.runs.clear();
      const [answer, ms] = await timed(() => member.get(series(id)));
      if (answer.status !== 200) throw new Error(`series answered ${answer.status}`);
      firsts.push(ms);
    }
    const body = await (await fetch(server.url + series(id), { headers: auth(member) })).text();
    fs.writeFileSync(path.join(staticDir, 'series.json'), body);
    console.log(`  acceleration series: ${(body.length / 1000).toFixed(0)} kB`);

    const staticFile = await p95(() => member.get('/series.json'), { min: 20, max: 50 });
    const warm = await p95(() => member.get(series(id)), { min: 20, max: 50 });
    const first = [...firsts].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    const baselineName = 'static file';
    return [
      {
        name: 'acceleration series, one-hour 1 kHz record: warm p95',
        product: warm,
        baseline: staticFile,
        baselineName,
        unit: 'ms',
        target: 2,
      },
      {
        name: 'same series, first request after processing',
        product: first,
        baseline: staticFile,
        baselineName,
        unit: 'ms',
        target: 5,
        note: `median of ${RUNS} runs' first requests (${firsts.map((t) => t.toFixed(1)).join(', ')} ms)`,
      },
    ];
  } finally {
    await server.stop();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const auth = (client: ApiClient) => ({ Authorization: `Bearer ${client.token}` });
