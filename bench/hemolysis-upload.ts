import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './bench-server';
import { fullCollection } from './timing';

const ROWS = Number(process.env.BENCH_HI_ROWS ?? 1_000_000);

/** Writes a CSV of `rows` HI results, one every 20 s, without holding it in memory. */
async function writeCsv(file: string, rows: number): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r));
  await write('timestamp,h_index,sample_id\n');
  const start = Date.UTC(2024, 0, 1);
  let chunk = '';
  for (let i = 0; i < rows; i += 1) {
    const t = new Date(start + i * 20_000).toISOString().slice(0, 19).replace('T', ' ');
    chunk += `${t},${((i * 7919) % 600) / 10},S${i}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return fs.statSync(file).size;
}

/**
 * `npm run bench`: a 1,000,000-row hemolysis-index CSV uploaded through a real server and
 * PostgreSQL; prints the time and the peak memory of the process (server and client) above its
 * idle baseline. The upload streams the file, so the live heap must not grow with the file
 * (BENCH_HI_ROWS=100000 for a comparison).
 */
export async function benchHemolysisUpload(): Promise<void> {
  const bench = await startBenchServer('hi');
  try {
    const { dir, member, hospital } = bench;
    const line = (await member.post(`/v2/institutes/${hospital}/lines`, { name: 'Bench line' }))
      .body.id;

    const file = path.join(dir, 'hi-export.csv');
    const bytes = await writeCsv(file, ROWS);
    console.log(
      `hemolysis upload: ${ROWS.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    // The live heap (after a full collection, once a second) shows whether memory grows with
    // the file; the resident size sampled between collections is also printed.
    fullCollection();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakLive = baseline.heapUsed;
    const rssSampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    const liveSampler = setInterval(() => {
      fullCollection();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }, 1000);
    const form = new FormData();
    form.append('line', String(line));
    form.append('timezone_name', 'UTC');
    form.append('file', await fs.openAsBlob(file), 'hi-export.csv');
    const start = performance.now();
    const res = await member.multipart(`/v2/institutes/${hospital}/hemolysis-index-data`, form);
    const ms = performance.now() - start;
    clearInterval(rssSampler);
    clearInterval(liveSampler);
    if (res.status !== 201) throw new Error(`Upload failed: ${JSON.stringify(res.body)}`);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
    console.log(`  upload, parse and insert            ${(ms / 1000).toFixed(1)} s`);
    console.log(`  measurements stored                 ${res.body.measurement_summary.count}`);
    console.log(
      `  peak live heap (after GC)           ${mb(peakLive)} (idle ${mb(baseline.heapUsed)}, +${mb(peakLive - baseline.heapUsed)})`,
    );
    console.log(
      `  peak resident size                  ${mb(peakRss)} (idle ${mb(baseline.rss)}, +${mb(peakRss - baseline.rss)})`,
    );
  } finally {
    await bench.stop();
  }
}
