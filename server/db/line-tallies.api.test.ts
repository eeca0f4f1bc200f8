import { Client } from 'pg';
import { includedRecordSql, includedRecordValuesSql } from '../../shared/domain/included-record';
import { useTestDatabaseClient } from '../../testing/database';

const value = includedRecordValuesSql('r');
const square = (x: string) => `sum(${x}::numeric * ${x}::numeric)`;

/** Each tally column against the same sum taken afresh over the included records. */
const FRESH: [column: string, fresh: string][] = [
  ['n', 'count(*)'],
  ['sum_auc', `sum(${value.auc}::numeric)`],
  ['sum_auc_squares', square(value.auc)],
  ['sum_auc225', `sum(${value.auc225}::numeric)`],
  ['sum_auc225_squares', square(value.auc225)],
  ['sum_power', `sum(${value.power}::numeric)`],
  ['sum_power_squares', square(value.power)],
  ['n_temperature', `count(${value.temperature})`],
  ['sum_temperature', `coalesce(sum(${value.temperature}::numeric), 0)`],
  ['sum_ldh', `sum(${value.ldh}::numeric)`],
  ['sum_asat', `sum(${value.asat}::numeric)`],
  ['sum_potassium', `sum(${value.potassium}::numeric)`],
];

/** Record `r` lies in the out-of-range count its line's tally `t` caches. */
const OUTSIDE_CACHED_RANGE =
  'r.date > t.oor_since AND (r.auc < t.oor_lower OR r.auc > t.oor_upper)';

/** Caches, as the lines do, an out-of-range count against this range and date. */
const cacheStep = (lineIds: number[], lower: number, upper: number, since: string) =>
  `UPDATE line_tallies t SET oor_lower = ${lower}, oor_upper = ${upper},
     oor_since = '${since}', oor_count = (SELECT count(*) FROM records r
       WHERE r.line_id = t.line_id AND ${includedRecordSql('r')} AND r.date > '${since}'
         AND (r.auc < ${lower} OR r.auc > ${upper}))
   WHERE line_id IN (${lineIds.join(', ')})`;

/**
 * The line tallies the records triggers keep (migration LineTallies) equal, exactly, the sums
 * taken afresh over each line's included records after every kind of write: inserts, processing,
 * each flag of the included-record rule, new probabilities, another line or institute, deletes,
 * a removed line and a removed institute. So do their cached out-of-range counts, against the range
 * and date each caches (some lines none), including edits that change no sum (a run's date).
 */
describe('line tallies', () => {
  const db = useTestDatabaseClient();

  /** Lines whose tally differs from the fresh sums (a line without records: all zero). */
  const mismatches = async () =>
    (
      await db.pg.query(
        `WITH fresh AS (
           SELECT r.line_id, ${FRESH.map(([c, f]) => `${f} AS ${c}`).join(', ')}
           FROM records r WHERE r.line_id IS NOT NULL AND ${includedRecordSql('r')}
           GROUP BY r.line_id)
         SELECT coalesce(t.line_id, f.line_id) AS line_id FROM line_tallies t
         FULL JOIN fresh f ON f.line_id = t.line_id
         WHERE (${FRESH.map(([c]) => `t.${c}`).join(', ')})
           IS DISTINCT FROM (${FRESH.map(([c]) => `coalesce(f.${c}, 0)`).join(', ')})`,
      )
    ).rows;

  /** Lines whose cached out-of-range count differs from a fresh count against its key. */
  const outOfRangeMismatches = async () =>
    (
      await db.pg.query(
        `SELECT t.line_id, t.oor_count, (SELECT count(*)::int FROM records r
           WHERE r.line_id = t.line_id AND ${includedRecordSql('r')} AND ${OUTSIDE_CACHED_RANGE}
         ) AS fresh
         FROM line_tallies t`,
      )
    ).rows.filter((r) => r.oor_count !== r.fresh);

  it('match fresh sums after each kind of write', async () => {
    const [a, b] = (
      await db.pg.query(
        `INSERT INTO institutes (name, timezone) VALUES ('A', 'Europe/London'), ('B', 'UTC')
         RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
    const [l1, l2, l3, l4] = (
      await db.pg.query(
        `INSERT INTO lines (institute_id, name)
         VALUES (${a}, 'One'), (${a}, 'Two'), (${a}, 'Three'), (${b}, 'Four') RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
    const metrics = (auc: string) =>
      `jsonb_build_object('auc', ${auc}, 'auc_225hz', ${auc} * 0.9, 'power', ${auc} ^ 2 / 40,
         'mean_kinetic_temperature', CASE WHEN i % 5 = 0 THEN NULL ELSE 4 + i / 7.0 END)`;
    const steps = [
      // Some unprocessed, some without line; realistic VitalMetric values and probabilities.
      `INSERT INTO records (institute_id, line_id, date, sha256, file_size, is_processed, auc,
         metrics, p_ldh, p_asat, p_potassium, exclude, hidden, test_run, flatline_error)
       SELECT ${a}, (ARRAY[${l1}, ${l2}, ${l3}, NULL])[1 + i % 4],
              timestamptz '2026-01-01' + (i - 200) * interval '1 hour',
              md5(i::text) || md5(i::text), 1, i % 6 <> 0,
              CASE WHEN i % 6 <> 0 THEN 150 + 40 * sin(i) END,
              CASE WHEN i % 6 <> 0 THEN ${metrics('(150 + 40 * sin(i))')} END,
              CASE WHEN i % 6 <> 0 THEN 0.03 + 0.01 * cos(i) END,
              CASE WHEN i % 6 <> 0 THEN 1e-5 * (1 + sin(i)) END,
              CASE WHEN i % 6 <> 0 THEN 1e-300 * i END,
              i % 11 = 0, i % 13 = 0, i % 17 = 0, i % 19 = 0
       FROM generate_series(1, 400) i`,
      // Processing: metrics, VitalMetric and probabilities arrive, the record becomes processed.
      `UPDATE records SET is_processed = true, auc = 210.5, metrics = jsonb_build_object(
         'auc', 210.5, 'auc_225hz', 190.25, 'power', 0.5), p_ldh = 0.05, p_asat = 0.001,
         p_potassium = 0 WHERE NOT is_processed AND id % 2 = 0`,
      cacheStep([l1, l4], 130, 170, '2026-01-01'),
      cacheStep([l2], 120.5, 180.25, '2025-12-28'),
      `UPDATE records SET is_reviewed = true WHERE id % 3 = 0`,
      // Runs dated afresh: no sum changes, out-of-range counts do.
      `UPDATE records SET date = date - interval '150 hours' WHERE id % 5 = 0`,
      `UPDATE records SET date = date + interval '190 hours' WHERE id % 5 = 1`,
      // Reprocessing that changes the VitalMetric; another range cached meanwhile.
      `UPDATE records SET auc = 300 - auc WHERE id % 6 = 1 AND auc IS NOT NULL`,
      cacheStep([l1], 100, 165, '2025-12-30'),
      `UPDATE records SET exclude = NOT exclude WHERE id % 7 = 0`,
      `UPDATE records SET hidden = NOT hidden WHERE id % 8 = 0`,
      `UPDATE records SET test_run = NOT test_run WHERE id % 9 = 0`,
      `UPDATE records SET no_run_error = true WHERE id % 23 = 0`,
      `UPDATE records SET short_run_error = true WHERE id % 29 = 0`,
      `UPDATE records SET flatline_error = NOT flatline_error WHERE id % 10 = 0`,
      // New thresholds or model: every probability rewritten.
      `UPDATE records SET p_ldh = p_ldh * 1.5, p_asat = p_asat / 3, p_potassium = 0.2
       WHERE auc IS NOT NULL`,
      `UPDATE records SET line_id = ${l2} WHERE line_id = ${l1} AND id % 4 = 1`,
      `UPDATE records SET line_id = NULL WHERE id % 14 = 0`,
      `UPDATE records SET institute_id = ${b}, line_id = ${l4} WHERE id % 15 = 0`,
      `DELETE FROM records WHERE id % 12 = 0`,
      `DELETE FROM lines WHERE id = ${l3}`,
      `DELETE FROM institutes WHERE id = ${b}`,
    ];
    for (const step of steps) {
      await db.pg.query(step);
      expect({ step, mismatches: await mismatches() }).toEqual({ step, mismatches: [] });
      expect({ step, outOfRange: await outOfRangeMismatches() }).toEqual({ step, outOfRange: [] });
    }
    const tallied = await db.pg.query('SELECT line_id, n FROM line_tallies ORDER BY line_id');
    expect(tallied.rows.map((r) => r.line_id)).toEqual([l1, l2]);
    expect(tallied.rows.every((r) => r.n > 0)).toBe(true);
    const cached = await db.pg.query('SELECT oor_count FROM line_tallies ORDER BY line_id');
    expect(cached.rows.every((r) => r.oor_count > 0)).toBe(true);
  });

  it('count a write against the range a recount cached meanwhile', async () => {
    const [institute] = (
      await db.pg.query(`INSERT INTO institutes (name, timezone) VALUES ('C', 'UTC') RETURNING id`)
    ).rows.map((r) => r.id as number);
    const [line] = (
      await db.pg.query(
        `INSERT INTO lines (institute_id, name) VALUES (${institute}, 'Five') RETURNING id`,
      )
    ).rows.map((r) => r.id as number);
    await db.pg.query(
      `INSERT INTO records (institute_id, line_id, date, sha256, file_size, is_processed, auc)
       SELECT ${institute}, ${line}, timestamptz '2026-01-01' + i * interval '1 hour',
              md5(i::text || 'race') || md5(i::text), 1, true, 90 + 10 * i
       FROM generate_series(1, 20) i`,
    );
    await db.pg.query(cacheStep([line], 150, 250, '2026-01-01'));
    // A recount holds the tally row with another range while a write's trigger reads the old one.
    const recount = new Client({ connectionString: db.url });
    await recount.connect();
    try {
      await recount.query('BEGIN');
      await recount.query(cacheStep([line], 120, 200, '2025-12-01'));
      const write = db.pg.query(`UPDATE records SET auc = auc + 1000 WHERE line_id = ${line}`);
      // Inside a transaction pg_stat_activity is read once and kept: clear it before each look.
      const writeWaits = async () => {
        await recount.query('SELECT pg_stat_clear_snapshot()');
        const waiting = await recount.query(
          `SELECT 1 FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND query LIKE 'UPDATE records SET auc = auc + 1000%'`,
        );
        return waiting.rowCount! > 0;
      };
      while (!(await writeWaits())) await new Promise((resolve) => setImmediate(resolve));
      await recount.query('COMMIT');
      await write;
    } finally {
      await recount.end();
    }
    expect(await outOfRangeMismatches()).toEqual([]);
    const tally = await db.pg.query(
      'SELECT oor_lower, oor_count FROM line_tallies WHERE line_id = $1',
      [line],
    );
    expect(tally.rows).toEqual([{ oor_lower: 120, oor_count: 20 }]);
  });
});
