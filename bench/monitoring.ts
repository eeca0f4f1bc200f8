import type { Client } from 'pg';
import type { RunningServer } from '../server/boot';
import { includedRecordSql } from '../shared/domain/included-record';
import { isAlarm, MONITORING_RULES } from '../shared/domain/monitoring-rules';
import { DRIFT_LINE } from '../server/demo/demo-monitoring';
import { processRecord } from '../server/pipeline/process-record';
import type { ApiClient } from '../testing/http';
import { percentile, timed, type Figure } from './timing';

/** Records the monitored line gets since its baseline for the bench (line-monitoring issue). */
export const SEQUENCE_AT_SCALE = 50_000;
/** One event per this many records, and a notification of each for every member of the hospital. */
const RECORDS_PER_EVENT = 200;
/** Rounds of the runs processed with and without the rules: enough samples for a steady median. */
const ROUNDS = 8;

/** The demo's drifting line: monitored, with a demo-size sequence. */
export async function driftLine(pg: Client, hospital: number): Promise<number> {
  const { rows } = await pg.query('SELECT id FROM lines WHERE institute_id = $1 AND name = $2', [
    hospital,
    DRIFT_LINE,
  ]);
  return rows[0].id as number;
}

/**
 * Demo runs whose files are in the store, those whose VitalMetric lies `nearest` the line's
 * baseline mean (runs in control there) or `farthest` from it (runs that fire its alarms).
 */
async function runsByDistance(
  pg: Client,
  { hospital, line }: { hospital: number; line: number },
  which: 'nearest' | 'farthest',
  count: number,
): Promise<number[]> {
  const { rows } = await pg.query(
    `SELECT r.id FROM records r
     WHERE r.institute_id = $1 AND ${includedRecordSql('r')} AND r.validation_id IS NULL
       AND r.line_id IS DISTINCT FROM $2
     ORDER BY abs(r.auc - (SELECT avg(b.auc) FROM records b
                           WHERE b.line_id = $2 AND b.validation_id IS NOT NULL))
              ${which === 'nearest' ? 'ASC' : 'DESC'}
     LIMIT $3`,
    [hospital, line, count],
  );
  return rows.map((r) => r.id as number);
}

/** Demo runs in control on the line, to process again with and without the rules. */
export const runsInControl = (pg: Client, hospital: number, line: number): Promise<number[]> =>
  runsByDistance(pg, { hospital, line }, 'nearest', 8);

/**
 * The monitoring data of the bench's scale, by SQL: `SEQUENCE_AT_SCALE` records on the line since
 * its baseline, normally spread about its baseline's mean; one event per RECORDS_PER_EVENT of the
 * hospital's records, each with a notification for every member of the hospital, one in ten
 * unread. Returns the line's sequence length.
 */
export async function growMonitoring(
  pg: Client,
  hospital: number,
  line: number,
  records: number,
): Promise<number> {
  await pg.query(
    `WITH b AS (
       SELECT v.completed_at, avg(r.auc) AS mean, stddev_samp(r.auc) AS sd
       FROM validations v JOIN records r ON r.validation_id = v.id AND r.line_id = $2
       WHERE v.id = (SELECT max(v2.id) FROM validations v2 JOIN records r2 ON r2.validation_id = v2.id
                     WHERE r2.line_id = $2 AND v2.completed_at IS NOT NULL)
       GROUP BY v.completed_at)
     INSERT INTO records (institute_id, line_id, date, upload_date, is_processed, is_reviewed, auc,
                          metrics, sha256, file_size)
     SELECT $1, $2, d, d, true, true, a, jsonb_build_object('auc', a),
            md5(g::text || 'sequence') || md5(g::text || 'bench'), 43264
     FROM b, generate_series(1, $3::int) g,
          LATERAL (SELECT b.completed_at + (now() - interval '1 hour' - b.completed_at) * g / $3 AS d,
                   greatest(0.01, b.mean + b.sd * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())) AS a) x`,
    [hospital, line, SEQUENCE_AT_SCALE],
  );
  await pg.query(
    `WITH l AS (SELECT array_agg(id ORDER BY id) AS ids FROM lines WHERE institute_id = $1),
          e AS (
            -- The first of each (line, alarm) open, the rest closed with a resolution.
            INSERT INTO monitoring_events (line_id, rule, side, status, opened_at, resolution,
                                           closed_at)
            SELECT l.ids[1 + g % cardinality(l.ids)],
                   ($3::text[])[1 + (g / cardinality(l.ids)) % cardinality($3::text[])], 'above',
                   CASE WHEN g < cardinality(l.ids) * cardinality($3::text[]) THEN 'open' ELSE 'closed' END,
                   now() - interval '1095 days' * random(),
                   CASE WHEN g < cardinality(l.ids) * cardinality($3::text[]) THEN NULL ELSE 'Checked the line.' END,
                   CASE WHEN g < cardinality(l.ids) * cardinality($3::text[]) THEN NULL ELSE now() END
            FROM l, generate_series(1, $2::int) g
            -- The demo's own open events keep their place.
            ON CONFLICT DO NOTHING
            RETURNING id, line_id, opened_at)
     INSERT INTO notifications (user_id, institute_id, kind, line_id, event_id, created_at,
                                read_at, in_app, email, title, link)
     SELECT m.user_id, $1, 'event_opened', e.line_id, e.id, e.opened_at,
            CASE WHEN e.id % 10 = 0 THEN NULL ELSE now() END, true, 'none',
            'An event opened', '/events/' || e.id
     FROM e, user_institutes m WHERE m.institute_id = $1`,
    [hospital, Math.round(records / RECORDS_PER_EVENT), MONITORING_RULES.filter(isAlarm)],
  );
  await pg.query('VACUUM ANALYZE records');
  await pg.query('VACUUM ANALYZE monitoring_events');
  await pg.query('VACUUM ANALYZE notifications');
  const { rows } = await pg.query(
    `SELECT count(*)::int AS n FROM records r
     WHERE r.line_id = $1 AND r.date > (SELECT max(completed_at) FROM validations v
       JOIN records b ON b.validation_id = v.id AND b.line_id = $1)`,
    [line],
  );
  return rows[0].n as number;
}

/**
 * Processing a run with the rules and events (on the monitored line, at the end of its sequence)
 * against processing it without them (on a line without a baseline): the same demo runs, taken
 * in turns, each made unprocessed again first; each run's median, summed. The figure is the runs
 * in control; its note gives a run that fires alarms there (its events take a write each),
 * measured last since it leaves the line out of control.
 */
export async function benchProcessingWithRules(
  server: RunningServer,
  pg: Client,
  member: ApiClient,
  { hospital, monitored, runs }: { hospital: number; monitored: number; runs: number[] },
): Promise<Figure> {
  // Checked: a refused line would leave the runs on no line at all, a cheaper baseline than named.
  const created = await member.post(`/v2/institutes/${hospital}/lines`, {
    name: 'Bench without baseline',
  });
  if (created.status !== 201) throw new Error(`the line without baseline: ${created.status}`);
  const unmonitored = created.body.id as number;
  const process = async (record: number, line: number) => {
    await pg.query(
      'UPDATE records SET is_processed = false, line_id = $2, date = now() WHERE id = $1',
      [record, line],
    );
    return (await timed(() => processRecord(server.ctx, record)))[1];
  };
  // Each run's median, summed: the runs differ in length, and one median over all of them would
  // fall wherever the mix puts it.
  const medians = async (taken: number[]) => {
    await process(taken[0], unmonitored);
    await process(taken[0], monitored);
    const times = taken.map(() => ({ with: [] as number[], without: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, run] of taken.entries()) {
        times[k].without.push(await process(run, unmonitored));
        times[k].with.push(await process(run, monitored));
      }
    }
    const total = (side: 'with' | 'without') =>
      times.reduce((sum, run) => sum + percentile(run[side], 0.5), 0);
    return { with: total('with'), without: total('without') };
  };
  const inControl = await medians(runs);
  const firing = await medians(
    await runsByDistance(pg, { hospital, line: monitored }, 'farthest', 1),
  );
  return {
    name: `processing ${runs.length} demo runs in control, with the rules and events, line of ${SEQUENCE_AT_SCALE.toLocaleString('en')}`,
    product: inControl.with,
    baseline: inControl.without,
    baselineName: 'same runs, line without baseline',
    unit: 'ms',
    target: 1.1,
    note:
      `a run that fires alarms on the line, each added to its event: ${firing.with.toFixed(0)} ms, ` +
      `${(firing.with / firing.without).toFixed(2)}× the same run on the line without baseline`,
  };
}
