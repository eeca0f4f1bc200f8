import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '../server/boot';
import { recordListQuery } from '../shared/api/records';
import { recordExportQuery } from '../server/domain/records/repository';
import { ISO_INSTANT_SQL_FORMAT } from '../server/domain/exports/table';
import type { ApiClient } from '../testing/http';
import { fullCollection, type Figure } from './timing';

/** The bound on the server's memory growth during an export, whatever its size. */
const RSS_LIMIT_MB = 32;
const MB = 1024 * 1024;

/**
 * Downloads `url` to nowhere (the bytes are counted, not kept) while sampling the process's
 * resident size; answers the time and the peak RSS above the size just before (after a full
 * collection). Server and client share the process: the client keeps nothing, so the growth is
 * the server's.
 */
async function measuredDownload(client: ApiClient, url: string) {
  fullCollection();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const start = performance.now();
  const res = await fetch(client.baseUrl + url, {
    headers: { Authorization: `Bearer ${client.token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
  }
  const ms = performance.now() - start;
  clearInterval(sampler);
  return { ms, growthMb: (peak - before) / MB, bytes };
}

/** psql's `COPY (query) TO STDOUT` of `sql`, its output drained: the baseline. */
function psqlCopy(databaseUrl: string, sql: string, timeZone: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const psql = spawn(
      'psql',
      [
        databaseUrl,
        '-X',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `SET TimeZone = '${timeZone}'`,
        '-c',
        `COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    psql.stdout.resume();
    psql.on('error', reject);
    psql.on('close', (code) =>
      code === 0 ? resolve(performance.now() - start) : reject(new Error(`psql exited ${code}`)),
    );
  });
}

/**
 * `npm run bench`: the records list exported as CSV and as XLSX at `count` records, each one's
 * server memory growth against the 32 MB and its time against psql's COPY of the same
 * rows (the export's own SQL, in the same time zone).
 */
export async function benchExports(
  server: RunningServer,
  member: ApiClient,
  hospital: number,
  databaseUrl: string,
  count: number,
): Promise<Figure[]> {
  const db = server.ctx.db;
  const { timezone } = (
    await db.query<{ timezone: string }[]>('SELECT timezone FROM institutes WHERE id = $1', [
      hospital,
    ])
  )[0]!;
  const [sql, parameters] = recordExportQuery(
    db.manager,
    hospital,
    false,
    recordListQuery.parse({}),
    ISO_INSTANT_SQL_FORMAT,
  );
  // psql takes no bind parameters: the one there is, the institute's id, written in.
  if (parameters.length !== 1) throw new Error('the export query gained parameters');
  const literalSql = sql.replace(/\$1\b/g, String(hospital));
  const copyMs = await psqlCopy(databaseUrl, literalSql, timezone);
  const scale = count.toLocaleString('en');
  const figures: Figure[] = [];
  for (const [format, timeTarget] of [
    ['csv', 3],
    ['xlsx', 10],
  ] as const) {
    console.log(`  records export as ${format} …`);
    const run = await measuredDownload(
      member,
      `/v2/institutes/${hospital}/records/export?format=${format}`,
    );
    console.log(
      `  ${format}: ${(run.bytes / 1e6).toFixed(1)} MB in ${(run.ms / 1000).toFixed(1)} s, RSS +${run.growthMb.toFixed(0)} MB`,
    );
    figures.push(
      {
        name: `records export ${format.toUpperCase()} at ${scale}: server RSS growth`,
        product: run.growthMb,
        baseline: RSS_LIMIT_MB,
        baselineName: "the issue's bound",
        unit: 'MB',
        target: 1,
      },
      {
        name: `records export ${format.toUpperCase()} at ${scale}: time`,
        product: run.ms / 1000,
        baseline: copyMs / 1000,
        baselineName: 'psql COPY TO STDOUT, same rows',
        unit: 's',
        target: timeTarget,
      },
    );
  }
  return figures;
}
