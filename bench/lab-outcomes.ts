import type { EntityManager } from 'typeorm';
import { startBenchServer } from './bench-server';
import { alternately, percentile, type Figure } from './timing';

/** lab-feed.md section 8: a line's daily outcomes over this many feed results … */
const LARGE = 1_000_000;
/** … against the same line's figure over this many. */
const SMALL = 10_000;
/** Results a day on both lines (a busy emergency department's HI), so both read alike per day. */
const PER_DAY = 1000 / 3;

/**
 * `count` counting results on `line`, sampled at PER_DAY a day back from now: h_index with a
 * skewed HI (most low, a tail to 1,000 and beyond), and a potassium for every tenth sample. Written
 * in one INSERT … SELECT (the population of the bench, not the feed's path: the feed's own load is
 * `--feed`'s message figures).
 */
async function populate(
  manager: EntityManager,
  instituteId: number,
  line: number,
  message: number,
  count: number,
) {
  const dayMs = 86_400_000;
  await manager.query(
    `INSERT INTO lab_feed_results (institute_id, sample_key, analyte, line_id, location,
       code_system, code, code_text, value, action, status, state, is_current, sampled_at,
       received_at, source, message_id, arrival)
     SELECT $1, md5($2::int || ':' || i), CASE WHEN i % 10 = 0 THEN 'potassium' ELSE 'h_index' END,
            $2::int, 'BENCH', 'L', 'HI', '',
            CASE WHEN i % 10 = 0 THEN 3.5 + random() * 2 ELSE round((random() ^ 4 * 1200)::numeric, 1) END,
            'final', 'final', 'filed', true,
            now() - make_interval(secs => i * $4::float8 / 1000), now(), 'hl7', $3, nextval('lab_feed_arrival_seq')
       FROM generate_series(1, $5) AS i`,
    [instituteId, line, message, dayMs / PER_DAY, count],
  );
}

/**
 * The daily outcomes of a line with 1,000,000 feed results against those of a line with 10,000
 * (lab-feed.md section 8: p95 ≤ 2×), on an in-process server with the demo accounts: the default
 * period (the 30 days to today) of each, called in turns, p95 of 100 calls each. Both lines get
 * results at the same rate, so the large one is the small one's history grown a hundredfold: the
 * answer reads the period's results through the (line, analyte, sampled_at) index, not the line's.
 */
export async function benchLabOutcomes(): Promise<Figure[]> {
  const bench = await startBenchServer('lab-outcomes');
  try {
    const db = bench.server.ctx.db;
    const lineOf = async (name: string) =>
      (await bench.member.post(`/v2/institutes/${bench.hospital}/lines`, { name })).body
        .id as number;
    const small = await lineOf('Outcomes 10k');
    const large = await lineOf('Outcomes 1M');
    const [{ id: message }]: { id: number }[] = await db.query(
      `INSERT INTO lab_feed_messages (institute_id, source, state, sha256, size)
       VALUES ($1, 'hl7', 'accepted', repeat('0', 64), 0) RETURNING id`,
      [bench.hospital],
    );
    // The population skips the trigger that notes changes for the data set's sync.
    await db.transaction(async (manager) => {
      await manager.query('SET LOCAL session_replication_role = replica');
      await populate(manager, bench.hospital, small, message, SMALL);
      await populate(manager, bench.hospital, large, message, LARGE);
    });
    // Analysed once both lines are in (the planner's statistics of the whole population).
    await db.query('ANALYZE lab_feed_results');
    const outcomes = (line: number) => async () => {
      const res = await bench.member.get(`/v2/lines/${line}/lab-outcomes`);
      if (res.status !== 200 || res.body.days.length < 28)
        throw new Error(`lab outcomes answered ${res.status}: ${JSON.stringify(res.body)}`);
    };
    const [largeTimes, smallTimes] = await alternately(outcomes(large), outcomes(small));
    return [
      {
        name: `daily outcomes of a line with ${LARGE.toLocaleString('en')} feed results (30 days)`,
        product: percentile(largeTimes, 0.95),
        baseline: percentile(smallTimes, 0.95),
        baselineName: `the same of a line with ${SMALL.toLocaleString('en')}`,
        unit: 'ms',
        target: 2,
        note: `p95 of 100 calls each in turns, ${Math.round(PER_DAY)} results a day on both lines`,
      },
    ];
  } finally {
    await bench.stop();
  }
}
