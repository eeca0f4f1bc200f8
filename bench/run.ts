import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBenchmarks } from './benchmarks';
import { benchChartSeries } from './chart-series';
import { benchFeed } from './feed';
import { benchHemolysisUpload } from './hemolysis-upload';
import { benchLighthouse } from './lighthouse';
import { benchLoad } from './load';
import { benchLoginWeight } from './login-weight';
import { benchMetricsCli } from './metrics-cli';
import { benchMigrations } from './migrations';
import { benchConcurrentUploads, benchQueueProcessing } from './pipeline';
import { benchRecordEndpoints } from './record-endpoints';
import { benchRecordPage } from './record-page';
import { benchRecordsAtScale } from './records-at-scale';
import { benchStudies } from './studies';
import { printTable, type Figure, type Skipped } from './timing';
import { benchVialProcessing } from './vial-processing';

/** `--records N` (default a million): how many records the database figures are measured at. */
function recordCount(argv: string[]): number {
  const at = argv.indexOf('--records');
  const raw = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--records='))?.slice(10);
  if (raw === undefined) return 1_000_000;
  const count = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(count) || count < 1) throw new Error(`--records: not a count: ${raw}`);
  return count;
}

/**
 * `npm run bench [-- --records N] [--plans]` (--plans also rewrites bench/plans.md): the figures of issue 13, each beside its baseline, measured
 * in one run on a fresh embedded database, then printed as one table. `-- --migrations` instead
 * runs this release's newer migrations on the previous release's installation grown to N records
 * (bench/migrations.ts); `-- --load` only the load figures (bench/load.ts), as their own table;
 * `-- --lighthouse` only the Lighthouse figures (bench/lighthouse.ts), likewise; `-- --studies`
 * only the comparison studies' figures of issue 40 (bench/studies.ts), likewise; `-- --feed` only
 * the lab feed's figures of issue 41 (bench/feed.ts, with bench/lab-outcomes.ts), likewise;
 * `-- --benchmarks [--institutes N] [--records-per-line N]` only peer benchmarking's figures of
 * issue 43 (bench/benchmarks.ts), likewise.
 */
async function main(): Promise<void> {
  if (process.argv.includes('--load')) {
    const load = await benchLoad();
    printTable(load.figures, load.skipped);
    return;
  }
  if (process.argv.includes('--lighthouse')) {
    const audits = await benchLighthouse();
    printTable(audits.figures, audits.skipped);
    return;
  }
  if (process.argv.includes('--studies')) {
    const studies = await benchStudies();
    printTable(studies.figures, studies.skipped);
    return;
  }
  if (process.argv.includes('--benchmarks')) {
    const peers = await benchBenchmarks();
    printTable(peers.figures, peers.skipped);
    return;
  }
  if (process.argv.includes('--feed')) {
    const feed = await benchFeed();
    printTable(feed.figures, feed.skipped);
    return;
  }
  const count = recordCount(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-'));
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  if (process.argv.includes('--migrations')) {
    console.log(
      `this release's migrations on the previous release at ${count.toLocaleString('en')} records …`,
    );
    try {
      await benchMigrations(dir, count);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  try {
    if (!process.argv.includes('--db-only')) {
      await benchVialProcessing();
      await benchRecordEndpoints();
      figures.push(...(await benchChartSeries()));
      for (const browserFigure of [await benchLoginWeight(), await benchRecordPage()]) {
        if ('product' in browserFigure) figures.push(browserFigure);
        else skipped.push(browserFigure);
      }
      const audits = await benchLighthouse();
      figures.push(...audits.figures);
      skipped.push(...audits.skipped);
      const load = await benchLoad();
      figures.push(...load.figures);
      skipped.push(...load.skipped);
      await benchHemolysisUpload();
      const studies = await benchStudies();
      figures.push(...studies.figures);
      skipped.push(...studies.skipped);
      const feed = await benchFeed();
      figures.push(...feed.figures);
      skipped.push(...feed.skipped);
      console.log('metrics CLI against C …');
      const metrics = await benchMetricsCli(dir);
      if ('product' in metrics) figures.push(metrics);
      else skipped.push(metrics);
      console.log('queue + processing of 20 one-hour runs …');
      figures.push(await benchQueueProcessing());
      console.log('20 concurrent uploads and their processing …');
      const uploads = await benchConcurrentUploads(dir);
      if (uploads) figures.push(...uploads);
      else
        skipped.push({ name: 'concurrent uploads', note: 'RSS is read from /proc (Linux only)' });
    }
    console.log(`records at ${count.toLocaleString('en')} …`);
    figures.push(...(await benchRecordsAtScale(dir, count, process.argv.includes('--plans'))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(figures, skipped);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
