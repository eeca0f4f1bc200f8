import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * What the lab feed produces (lab-feed.md section 7):
 * - hemolysis data sets gain `source` (`upload` | `feed`); a feed set has no file, and a line has
 *   at most one; its measurements name the lab-feed result they show (deleted with it);
 * - `lab_feed_settings`: each organization's comment cut-offs;
 * - `lab_feed_hi_changes`: the h_index results a transaction inserted, changed or deleted,
 *   noted by triggers (no foreign keys: a result or organization deleted leaves its note), so that server/domain/lab-feed/feed-data-set.ts brings the measurements of only
 *   those results up to date before the transaction commits (and empties it again). The rule of
 *   which results count stays in the server (shared/domain/lab-feed.ts), not in the trigger.
 */
export class LabOutcomes1796510000000 implements MigrationInterface {
  name = 'LabOutcomes1796510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"lab_feed_settings\" (\"institute_id\" integer NOT NULL, \"comment_above_potassium\" double precision, \"comment_above_ldh\" double precision, \"comment_above_asat\" double precision, CONSTRAINT \"PK_341a09822166f34e97d290bd588\" PRIMARY KEY (\"institute_id\"))");
    await q.query("ALTER TABLE \"hemolysis_data\" ADD \"source\" character varying(8) NOT NULL DEFAULT 'upload'");
    await q.query("ALTER TABLE \"hemolysis_measurements\" ADD \"result_id\" bigint");
    await q.query("ALTER TABLE \"hemolysis_data\" ALTER COLUMN \"file_sha256\" DROP NOT NULL");
    await q.query("CREATE UNIQUE INDEX \"UQ_hemolysis_data_feed_line\" ON \"hemolysis_data\"  (\"line_id\") WHERE \"source\" = 'feed'");
    await q.query("CREATE UNIQUE INDEX \"UQ_hemolysis_measurements_result\" ON \"hemolysis_measurements\"  (\"result_id\") WHERE \"result_id\" IS NOT NULL");
    await q.query("ALTER TABLE \"lab_feed_settings\" ADD CONSTRAINT \"FK_341a09822166f34e97d290bd588\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query(`CREATE TABLE "lab_feed_hi_changes" ("result_id" bigint NOT NULL, "institute_id" integer NOT NULL)`);
    await q.query(`CREATE INDEX "IDX_lab_feed_hi_changes_institute" ON "lab_feed_hi_changes" ("institute_id")`);
    await q.query(`
      CREATE FUNCTION lab_feed_note_hi_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed lab_feed_results := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      BEGIN
        INSERT INTO lab_feed_hi_changes (result_id, institute_id)
          VALUES (changed.id, changed.institute_id);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER lab_feed_results_hi_insert AFTER INSERT ON lab_feed_results
      FOR EACH ROW WHEN (NEW.analyte = 'h_index') EXECUTE FUNCTION lab_feed_note_hi_change()`);
    await q.query(`CREATE TRIGGER lab_feed_results_hi_update AFTER UPDATE ON lab_feed_results
      FOR EACH ROW WHEN (OLD.analyte = 'h_index' OR NEW.analyte = 'h_index')
      EXECUTE FUNCTION lab_feed_note_hi_change()`);
    await q.query(`CREATE TRIGGER lab_feed_results_hi_delete AFTER DELETE ON lab_feed_results
      FOR EACH ROW WHEN (OLD.analyte = 'h_index') EXECUTE FUNCTION lab_feed_note_hi_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER lab_feed_results_hi_delete ON lab_feed_results');
    await q.query('DROP TRIGGER lab_feed_results_hi_update ON lab_feed_results');
    await q.query('DROP TRIGGER lab_feed_results_hi_insert ON lab_feed_results');
    await q.query('DROP FUNCTION lab_feed_note_hi_change()');
    await q.query('DROP TABLE "lab_feed_hi_changes"');
    await q.query("DELETE FROM \"hemolysis_data\" WHERE \"source\" = 'feed'");
    await q.query("ALTER TABLE \"lab_feed_settings\" DROP CONSTRAINT \"FK_341a09822166f34e97d290bd588\"");
    await q.query("DROP INDEX \"public\".\"UQ_hemolysis_measurements_result\"");
    await q.query("DROP INDEX \"public\".\"UQ_hemolysis_data_feed_line\"");
    await q.query("ALTER TABLE \"hemolysis_data\" ALTER COLUMN \"file_sha256\" SET NOT NULL");
    await q.query("ALTER TABLE \"hemolysis_measurements\" DROP COLUMN \"result_id\"");
    await q.query("ALTER TABLE \"hemolysis_data\" DROP COLUMN \"source\"");
    await q.query("DROP TABLE \"lab_feed_settings\"");
  }
}
