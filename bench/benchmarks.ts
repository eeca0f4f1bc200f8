import { performance } from 'node:perf_hooks';
import { lastEndedQuarter, quarterEdges } from '../shared/benchmarking/quarters';
import { refreshStale } from '../server/domain/benchmarks/repository';
import { startBenchServer, type BenchServer } from './bench-server';
import { p95, timed, type Figure, type Skipped } from './timing';

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

/** Institutes written by one statement: 100 × 20 lines × 1,000 records = 2 million rows. */
const BATCH = 100;

/**
 * Institutes `from`..`to` (numbered by the bench) of `LINES` lines with `records` records each
 * in the quarter, written by SQL, opted in, `BATCH` institutes a statement. Their aggregates
 * are queued by the product's own statement triggers and refreshed by its first answer, as
 * after any change.
 */
async function seed(
  bench: BenchServer,
  from: number,
  to: number,
  records: number,
  quarter: string,
) {
  const { start, end } = quarterEdges(quarter, 'UTC');
  const span = end.getTime() - start.getTime();
  const began = performance.now();
  for (let batch = from; batch <= to; batch += BATCH) {
    const last = Math.min(to, batch + BATCH - 1);
    await bench.server.ctx.db.transaction(async (manager) => {
      const ids = (
        (await manager.query(
          `INSERT INTO institutes (name, metadata_type, timezone, benchmarking_opt_in)
           SELECT 'Bench institute ' || n, 'pts', 'UTC', true
           FROM generate_series($1::int, $2::int) n RETURNING id`,
          [batch, last],
        )) as { id: number }[]
      ).map((r) => r.id);
      await manager.query(
        `INSERT INTO lines (name, institute_id, length, manufacturer)
         SELECT 'Line ' || k, i, (ARRAY[150, 450, 800, 1500])[1 + k % 4],
                (ARRAY['Swisslog', 'Aerocom', 'Other', NULL])[1 + (i + k) % 4]
         FROM unnest($1::int[]) i, generate_series(1, $2::int) k`,
        [ids, LINES],
      );
      await manager.query(
        `INSERT INTO records (institute_id, line_id, date, is_processed, auc, sha256, file_size)
         SELECT l.institute_id, l.id,
                $2::timestamptz + (random() * $3::float8) * interval '1 millisecond',
                true, 200 + 400 * random() + l.id % 97,
                md5(l.id || ':' || r) || md5(r || ':' || l.id), 1000
         FROM lines l, generate_series(1, $4::int) r WHERE l.institute_id = ANY($1)`,
        [ids, start, span, records],
      );
    });
    const seconds = (performance.now() - began) / 1000;
    console.log(`  ${last.toLocaleString('en')} institutes, ${seconds.toFixed(0)} s`);
  }
}

/**
 * Runs `work` as a bulk import: of the records' triggers only peer benchmarking's own fire
 * (those that queue each written (line, quarter) for the refresh the next answer runs, as after
 * any change); the others keep what no benchmarks figure reads (the audit trail, the records'
 * and lines' tallies, the monitoring sequences, the list generations, the foreign keys' checks:
 * the seed writes existing ids only). The records' indexes that no constraint needs are dropped
 * for it; those on `line_id`, the only ones the benchmarks' queries read (the refresh of a line's
 * quarter), are built again after it. The others (the records lists') are not: on 2 shared cores
 * building twenty B-trees over 20 million rows takes most of an hour, and the one-record update
 * the bench measures would maintain at most a few entries of them.
 */
async function asBulkImport(bench: BenchServer, work: () => Promise<void>) {
  const db = bench.server.ctx.db;
  const indexes = (await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid = 'records'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  )) as { name: string; definition: string }[];
  const own = (await db.query(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = 'records'::regclass
       AND tgname LIKE 'records\\_benchmark\\_%'`,
  )) as { tgname: string }[];
  if (own.length !== 3) throw new Error('peer benchmarking has 3 triggers on records');
  for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
  await db.query('ALTER TABLE records DISABLE TRIGGER ALL');
  for (const { tgname } of own) await db.query(`ALTER TABLE records ENABLE TRIGGER ${tgname}`);
  try {
    await work();
  } finally {
    await db.query('ALTER TABLE records ENABLE TRIGGER ALL');
  }
  const began = performance.now();
  const read = indexes.filter(({ definition }) => /\(line_id[,)]/.test(definition));
  for (const { definition } of read) await db.query(definition);
  const seconds = ((performance.now() - began) / 1000).toFixed(0);
  console.log(`  ${read.map((i) => i.name).join(', ')} built again, ${seconds} s`);
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
    await asBulkImport(bench, () => seed(bench, 1, 9, records, quarter));
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
    await asBulkImport(bench, () => seed(bench, 10, institutes - 1, records, quarter));
    await db.query('ANALYZE');
    // The product's refresh of the 20,000 queued (line, quarter) pairs, as the first answer would
    // run it (longer than an HTTP client waits for headers), then the first answer computes.
    const [, refreshMs] = await timed(() => db.transaction((m) => refreshStale(m)));
    console.log(`  every queued aggregate refreshed, ${(refreshMs / 1000).toFixed(0)} s`);
    const [, firstMs] = await timed(() => answerOf(bench, quarter));
    console.log(`  first answer (the quarter computed), ${(firstMs / 1000).toFixed(1)} s`);
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
