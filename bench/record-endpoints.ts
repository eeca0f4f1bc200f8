import { runForm, waitProcessed } from '../testing/records';
import { oneHourRun, registerBenchVial, startBenchServer } from './bench-server';
import { timed } from './timing';

const VIAL_UUID = '0b5e7a10-2f4c-4d8e-9a11-6c3d2b1a0f99';

/**
 * The whole path of a one-hour 1 kHz run through a real server and PostgreSQL: upload, queue
 * and processing, then the chart endpoints cold (run read from disk) and warm (cached).
 */
export async function benchRecordEndpoints(): Promise<void> {
  const bench = await startBenchServer('endpoints');
  try {
    const { server, member, hospital } = bench;
    await registerBenchVial(bench, 'VV-BENCH', VIAL_UUID);

    const bytes = oneHourRun(7, VIAL_UUID);
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
    await bench.stop();
  }
}
