import { performance } from 'node:perf_hooks';
import { lastEndedQuarter, quarterEdges } from '../shared/benchmarking/quarters';
import { startBenchServer, type BenchServer } from './bench-server';
import { p95, type Figure, type Skipped } from './timing';

/** Peer benchmarking's population (peer-benchmarking.md section 8). */
const LINES = 20;
/** The first answer after one record changes, at most (section 8). */
const AFTER_CHANGE_MS = 2000;

/** `--flag N` of the command line, or the default. */
function countArg(flag: string, fallback: number): number {
  const at = process.argv.indexOf(flag);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]?.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag}: not a count`);
  return n;
}

/**
 * Institutes `from`..`to` (numbered by the bench) of `LINES` lines with `records` records each
 * in the quarter, written by SQL, opted in. Their aggregates are queued by the product's own
 * triggers, and refreshed by its first answer as after any change.
 */
async function seed(
  bench: BenchServer,
  from: number,
  to: number,
  records: number,
  quarter: string,
) {
  const db = bench.server.ctx.db;
  const { start, end } = quarterEdges(quarter, 'UTC');
  const span = end.getTime() - start.getTime();
  for (let batch = from; batch <= to; batch += 25) {
    const last = Math.min(to, batch + 24);
    const ids = (await db.query(
      `INSERT INTO institutes (name, metadata_type, timezone, benchmarking_opt_in)
       SELECT 'Bench institute ' || n, 'pts', 'UTC', true FROM generate_series($1::int, $2::int) n
       RETURNING id`,
      [batch, last],
    )) as { id: number }[];
    await db.query(
      `INSERT INTO lines (name, institute_id, length, manufacturer)
       SELECT 'Line ' || k, i, (ARRAY[150, 450, 800, 1500])[1 + k % 4],
              (ARRAY['Swisslog', 'Aerocom', 'Other', NULL])[1 + (i + k) % 4]
       FROM unnest($1::int[]) i, generate_series(1, $2::int) k`,
      [ids.map((r) => r.id), LINES],
    );
    await db.query(
      `INSERT INTO records (institute_id, line_id, date, is_processed, auc, sha256, file_size)
       SELECT l.institute_id, l.id,
              $2::timestamptz + (random() * $3::float8) * interval '1 millisecond',
              true, 200 + 400 * random() + l.id % 97,
              md5(l.id || ':' || r) || md5(r || ':' || l.id), 1000
       FROM lines l, generate_series(1, $4::int) r WHERE l.institute_id = ANY($1)`,
      [ids.map((r) => r.id), start, span, records],
    );
  }
}

async function answerOf(bench: BenchServer, quarter: string) {
  const res = await bench.staff.get(
    `/v2/institutes/${bench.hospital}/benchmarks?quarter=${quarter}`,
  );
  if (res.status !== 200) throw new Error(`benchmarks answered ${res.status}`);
}

/**
 * `npm run bench -- --benchmarks [--institutes N] [--records-per-line N]`: the p95 of an
 * institute's benchmarks with 1,000 participating institutes × 20 lines × 1,000 records against
 * its p95 with 10 of them, and the first answer after one record changed.
 */
export async function benchBenchmarks(): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  const institutes = countArg('--institutes', 1000);
  const records = countArg('--records-per-line', 1000);
  const quarter = lastEndedQuarter(Date.now(), 'UTC');
  const bench = await startBenchServer('benchmarks');
  try {
    const db = bench.server.ctx.db;
    await db.query(
      `UPDATE institutes SET benchmarking_opt_in = true, metadata_type = 'pts', timezone = 'UTC'
       WHERE id = $1`,
      [bench.hospital],
    );
    console.log(`peer benchmarking: 10 institutes × ${LINES} lines × ${records} records …`);
    await seed(bench, 1, 9, records, quarter);
    await db.query(
      `INSERT INTO lines (name, institute_id, length) SELECT 'Own ' || k, $1, 450
       FROM generate_series(1, $2::int) k`,
      [bench.hospital, LINES],
    );
    await db.query(
      `INSERT INTO records (institute_id, line_id, date, is_processed, auc, sha256, file_size)
       SELECT $1, l.id, $2::timestamptz + interval '1 day', true, 300 + r, md5(l.id || '-' || r) || md5(r || '-'), 1000
       FROM lines l, generate_series(1, $3::int) r WHERE l.institute_id = $1`,
      [bench.hospital, quarterEdges(quarter, 'UTC').start, records],
    );
    await answerOf(bench, quarter);
    const small = await p95(() => answerOf(bench, quarter));
    console.log(
      `peer benchmarking: ${institutes.toLocaleString('en')} institutes × ${LINES} lines × ${records} records …`,
    );
    await seed(bench, 10, institutes - 1, records, quarter);
    await db.query('ANALYZE');
    await answerOf(bench, quarter);
    const large = await p95(() => answerOf(bench, quarter));
    const [record] = (await db.query(
      'SELECT id FROM records WHERE institute_id <> $1 AND is_processed ORDER BY id LIMIT 1',
      [bench.hospital],
    )) as { id: number }[];
    await db.query('UPDATE records SET exclude = true WHERE id = $1', [record.id]);
    const started = performance.now();
    await answerOf(bench, quarter);
    const afterChange = performance.now() - started;
    return {
      figures: [
        {
          name: `benchmarks p95, ${institutes} institutes`,
          product: large,
          baseline: small,
          baselineName: 'p95, 10 institutes',
          unit: 'ms',
          target: 2,
        },
        {
          name: 'benchmarks after one record changed',
          product: afterChange,
          baseline: AFTER_CHANGE_MS,
          baselineName: 'the 2 s bound',
          unit: 'ms',
          target: 1,
        },
      ],
      skipped: [],
    };
  } finally {
    await bench.stop();
  }
}
