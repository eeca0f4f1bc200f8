import type { EntityManager } from 'typeorm';
import { countingResultSql } from '../../../shared/domain/lab-feed';
import { muteAuditOf } from '../audit/repository';

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
  // The noted results, taken, each with its result's line and its measurement's set's line.
  const changed: { id: string; result_line: number | null; set_line: number | null }[] =
    await manager.query(
      `WITH taken AS (DELETE FROM lab_feed_hi_changes WHERE institute_id = $1 RETURNING result_id)
       SELECT DISTINCT t.result_id AS id, r.line_id AS result_line, d.line_id AS set_line
         FROM taken t
         LEFT JOIN lab_feed_results r ON r.id = t.result_id
         LEFT JOIN hemolysis_measurements m ON m.result_id = t.result_id
         LEFT JOIN hemolysis_data d ON d.id = m.data_id`,
      [instituteId],
    );
  const changedIds = [...new Set(changed.map((c) => c.id))];
  const lines = changed.flatMap((c) => [c.result_line, c.set_line]).filter((l) => l !== null);
  const touched = [...new Set([...lineIds, ...lines])];
  if (!touched.length) return;

  // One set on each line with filed results, none on the others.
  await manager.query(
    `INSERT INTO hemolysis_data (institute_id, title, file_name, line_id, donor_sample,
                                 timezone_name, file_size, source)
     SELECT l.institute_id, $3, $4, l.id, $5, i.timezone, 0, 'feed'
       FROM lines l JOIN institutes i ON i.id = l.institute_id
      WHERE l.id = ANY($2::int[]) AND l.institute_id = $1
        AND EXISTS (SELECT 1 FROM lab_feed_results r
                     WHERE r.line_id = l.id AND r.is_current AND r.state = 'filed')
     ON CONFLICT (line_id) WHERE source = 'feed' DO NOTHING`,
    [instituteId, touched, FEED_SET.title, FEED_SET.fileName, FEED_SET.donorSample],
  );
  await manager.query(
    `DELETE FROM hemolysis_data d
      WHERE d.source = 'feed' AND d.institute_id = $1 AND d.line_id = ANY($2::int[])
        AND NOT EXISTS (SELECT 1 FROM lab_feed_results r
                         WHERE r.line_id = d.line_id AND r.is_current AND r.state = 'filed')`,
    [instituteId, touched],
  );

  if (!changedIds.length) return;
  const previousMute: { mute: string | null }[] = await manager.query(
    `SELECT current_setting('vialqc.audit_mute', true) AS mute`,
  );
  await muteAuditOf(manager, 'hemolysis_measurements');
  const gone: { data_id: number }[] = await manager.query(
    `WITH gone AS (DELETE FROM hemolysis_measurements WHERE result_id = ANY($1::bigint[])
                   RETURNING data_id)
     SELECT data_id FROM gone`,
    [changedIds],
  );
  const added: { data_id: number }[] = await manager.query(
    `INSERT INTO hemolysis_measurements (data_id, "timestamp", value, result_id)
     SELECT d.id, r.sampled_at, r.value, r.id
       FROM lab_feed_results r
       JOIN hemolysis_data d ON d.line_id = r.line_id AND d.source = 'feed'
      WHERE r.id = ANY($1::bigint[]) AND r.analyte = 'h_index' AND ${countingResultSql('r')}
     RETURNING data_id`,
    [changedIds],
  );
  const delta = new Map<number, number>();
  for (const { data_id } of gone) delta.set(data_id, (delta.get(data_id) ?? 0) - 1);
  for (const { data_id } of added) delta.set(data_id, (delta.get(data_id) ?? 0) + 1);
  await muteAuditOf(manager, 'hemolysis_data');
  // measurement_summary: the count by difference, first and last by the (data_id, timestamp)
  // index: nothing here grows with the set.
  await manager.query(
    `UPDATE hemolysis_data d
        SET measurement_count = d.measurement_count + c.delta,
            measurement_start = (SELECT m."timestamp" FROM hemolysis_measurements m
                                  WHERE m.data_id = d.id ORDER BY m."timestamp" LIMIT 1),
            measurement_end = (SELECT m."timestamp" FROM hemolysis_measurements m
                                WHERE m.data_id = d.id ORDER BY m."timestamp" DESC LIMIT 1)
       FROM unnest($1::int[], $2::int[]) AS c(id, delta)
      WHERE d.id = c.id`,
    [[...delta.keys()], [...delta.values()]],
  );
  await muteAuditOf(manager, previousMute[0]?.mute ?? '');
}
