import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/boot';
import { loadConfig } from '../server/config';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { simulateRun } from '../shared/vial/simulate';
import { ApiClient } from '../testing/http';
import { runForm, waitProcessed } from '../testing/records';

const VIAL_UUID = '0b5e7a10-2f4c-4d8e-9a11-6c3d2b1a0f99';

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/**
 * The whole path of a one-hour 1 kHz run through a real server and PostgreSQL: upload, queue
 * and processing, then the chart endpoints cold (run read from disk) and warm (cached).
 */
export async function benchRecordEndpoints(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-'));
  const cluster = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const quiet = { info: () => undefined, error: console.error };
  const server = await startServer(
    {
      ...loadConfig({ DATA_DIR: dir, DATABASE_URL: cluster.url(), DEMO: 'accounts', PORT: '0' }),
      rendererDir: path.join(dir, 'none'),
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
      label: 'VV-BENCH',
      uuid: VIAL_UUID,
      version: 'VV2',
      institute: hospital,
    });

    const bytes = simulateRun({
      sampleRate: 1000,
      idleSeconds: 30,
      transitSeconds: 3540,
      seed: 7,
      vialUuid: VIAL_UUID,
    });
    console.log(`record endpoints: one-hour 1 kHz run, ${(bytes.length / 1e6).toFixed(1)} MB`);
    const [uploaded, uploadMs] = await timed(() =>
      member.multipart(`/v2/institutes/${hospital}/record-upload`, runForm(bytes, VIAL_UUID)),
    );
    console.log(`  upload (streamed, checked, stored)  ${uploadMs.toFixed(0)} ms`);
    const [, processMs] = await timed(() => waitProcessed(member, uploaded.body.id, 120_000));
    console.log(`  queue + processing                  ${processMs.toFixed(0)} ms`);

    const id = uploaded.body.id;
    const calls = {
      'data?type=acceleration': `/v2/records/${id}/data?type=acceleration`,
      'data?type=temperature ': `/v2/records/${id}/data?type=temperature`,
      'cumulative?metric=auc ': `/v2/records/${id}/cumulative?metric=auc`,
      'cumulative?metric=power': `/v2/records/${id}/cumulative?metric=power`,
    };
    for (const [name, url] of Object.entries(calls)) {
      server.ctx.runs.clear();
      const [, cold] = await timed(() => member.get(url));
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) warm.push((await timed(() => member.get(url)))[1]);
      warm.sort((a, b) => a - b);
      console.log(
        `  GET ${name}  cold ${cold.toFixed(0)} ms, warm median ${warm[2].toFixed(0)} ms`,
      );
    }
  } finally {
    await server.stop();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
