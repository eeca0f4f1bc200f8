import type { EntityManager } from 'typeorm';
import { countingResultSql } from '../../../shared/domain/lab-feed';
import { muteAuditOf, muteAuditSql } from '../audit/repository';

/** The fields of every line's lab-feed data set (lab-feed.md section 7). */
const FEED_SET = { title: 'Lab feed', fileName: '', donorSample: false } as const;

/**
 * Keeps the lab-feed hemolysis data sets current, in the transaction that changed results (the
 * ingestion calls it once per message, mapping change or retry, with the lines whose results it
 * touched): a line with filed results has exactly one set of source `feed`, and its measurements
 * are exactly the line's counting h_index results (timestamp = sampled_at, value in mg/dL).
 *
 * Incremental: only the h_index results this transaction inserted or changed (noted by the
 * triggers of migration LabOutcomes in `lab_feed_hi_changes`) are looked at: their
 * measurements are removed and written again from what the results now are (none for a deleted
 * or no longer counting one), and each set's count moves by the difference. The measurements
 * follow the laboratory's results, so their own audit entries (and the summary's counts) are
 * muted: the lab feed's messages and mappings tell; a set's creation and deletion are audited.
 */
export async function syncFeedDataSets(
  manager: EntityManager,
  instituteId: number,
  lineIds: ReadonlySet<number>,
): Promise<void> {
  // The noted results, taken, each with its measurement's set as it was; the lines they and
  // `lineIds` touch get one set each when they have filed results, and lose it when not (the
  // lines are disjoint: one statement). Sets made or deleted are audited.
  const changed: { id: string; data_id: number | null; mute: string | null }[] =
    await manager.query(
      `WITH taken AS (DELETE FROM lab_feed_hi_changes WHERE institute_id = $1 RETURNING result_id),
       changed AS MATERIALIZED (
         SELECT DISTINCT t.result_id AS id, r.line_id AS result_line, d.line_id AS set_line,
                d.id AS data_id
           FROM taken t
           LEFT JOIN lab_feed_results r ON r.id = t.result_id
           LEFT JOIN hemolysis_measurements m ON m.result_id = t.result_id
           LEFT JOIN hemolysis_data d ON d.id = m.data_id),
       touched AS (
         SELECT unnest($2::int[]) AS line
         UNION SELECT result_line FROM changed
         UNION SELECT set_line FROM changed),
       made AS (
         INSERT INTO hemolysis_data (institute_id, title, file_name, line_id, donor_sample,
                                     timezone_name, file_size, source)
         SELECT l.institute_id, $3, $4, l.id, $5, i.timezone, 0, 'feed'
           FROM lines l JOIN institutes i ON i.id = l.institute_id
          WHERE l.id IN (SELECT line FROM touched) AND l.institute_id = $1
            AND EXISTS (SELECT 1 FROM lab_feed_results r
                         WHERE r.line_id = l.id AND r.is_current AND r.state = 'filed')
         ON CONFLICT (line_id) WHERE source = 'feed' DO NOTHING),
       dropped AS (
         DELETE FROM hemolysis_data d
          WHERE d.source = 'feed' AND d.institute_id = $1 AND d.line_id IN (SELECT line FROM touched)
            AND NOT EXISTS (SELECT 1 FROM lab_feed_results r
                             WHERE r.line_id = d.line_id AND r.is_current AND r.state = 'filed'))
       SELECT id, data_id, current_setting('vialqc.audit_mute', true) AS mute FROM changed`,
      [instituteId, [...lineIds], FEED_SET.title, FEED_SET.fileName, FEED_SET.donorSample],
    );
  if (!changed.length) return;
  const changedIds = [...new Set(changed.map((c) => c.id))];

  // Each noted result's measurement written again (moved, revalued) or removed when it no
  // longer counts, its own audit entries muted (the mute is set by each row the statement
  // writes, before the audit triggers fire at its end).
  const written: { data_id: number; result_id: string | null; delta: number }[] =
    await manager.query(
      `WITH counting AS (
         SELECT r.id, d.id AS data_id, r.sampled_at, r.value
           FROM lab_feed_results r
           JOIN hemolysis_data d ON d.line_id = r.line_id AND d.source = 'feed'
          WHERE r.id = ANY($1::bigint[]) AND r.analyte = 'h_index' AND ${countingResultSql('r')}
            AND ${muteAuditSql('$2')} IS NOT NULL),
       gone AS (
         DELETE FROM hemolysis_measurements m
          WHERE m.result_id = ANY($1::bigint[]) AND m.result_id NOT IN (SELECT id FROM counting)
            AND ${muteAuditSql('$2')} IS NOT NULL
          RETURNING m.data_id),
       put AS (
         INSERT INTO hemolysis_measurements (data_id, "timestamp", value, result_id)
         SELECT data_id, sampled_at, value, id FROM counting
         ON CONFLICT (result_id) WHERE result_id IS NOT NULL DO UPDATE
           SET data_id = EXCLUDED.data_id, "timestamp" = EXCLUDED."timestamp",
               value = EXCLUDED.value
         RETURNING data_id, result_id)
       SELECT data_id, NULL AS result_id, -1 AS delta FROM gone
       UNION ALL SELECT data_id, result_id, 1 FROM put`,
      [changedIds, 'hemolysis_measurements'],
    );
  const before = new Map(changed.map((c) => [String(c.id), c.data_id]));
  const delta = new Map<number, number>();
  const add = (id: number, n: number) => delta.set(id, (delta.get(id) ?? 0) + n);
  for (const w of written) {
    add(w.data_id, w.delta);
    // A measurement written again leaves the set it was in.
    const was = w.result_id === null ? null : before.get(String(w.result_id));
    if (was !== null && was !== undefined) add(was, -1);
  }
  // measurement_summary: the count by difference, first and last by the (data_id, timestamp)
  // index: nothing here grows with the set; the set's own audit entry muted.
  await manager.query(
    `UPDATE hemolysis_data d
        SET measurement_count = d.measurement_count + c.delta,
            measurement_start = (SELECT m."timestamp" FROM hemolysis_measurements m
                                  WHERE m.data_id = d.id ORDER BY m."timestamp" LIMIT 1),
            measurement_end = (SELECT m."timestamp" FROM hemolysis_measurements m
                                WHERE m.data_id = d.id ORDER BY m."timestamp" DESC LIMIT 1)
       FROM unnest($1::int[], $2::int[]) AS c(id, delta)
      WHERE d.id = c.id AND ${muteAuditSql('$3')} IS NOT NULL`,
    [[...delta.keys()], [...delta.values()], 'hemolysis_data'],
  );
  await muteAuditOf(manager, changed[0].mute ?? '');
}
