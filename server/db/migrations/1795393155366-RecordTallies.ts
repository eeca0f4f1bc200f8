import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change one statement made to the records tallies, from its transition tables: `changed`
 * holds each written row once as it was (n = -1) and once as it is (n = +1). Groups whose
 * change nets to zero (an edit of anything else) are not written.
 */
const APPLY_CHANGE = `
  WITH changed AS (%s),
  visible AS (
    SELECT c.institute_id, c.is_processed, c.is_reviewed, c.n,
           (c.date AT TIME ZONE i.timezone)::date AS day
    FROM changed c JOIN institutes i ON i.id = c.institute_id
    WHERE NOT c.hidden),
  counts AS (
    INSERT INTO record_counts AS t (institute_id, reviewed, not_reviewed, unprocessed)
    SELECT institute_id,
           coalesce(sum(n) FILTER (WHERE is_processed AND is_reviewed), 0),
           coalesce(sum(n) FILTER (WHERE is_processed AND NOT is_reviewed), 0),
           coalesce(sum(n) FILTER (WHERE NOT is_processed), 0)
    FROM visible GROUP BY institute_id
    HAVING (
      coalesce(sum(n) FILTER (WHERE is_processed AND is_reviewed), 0) <> 0 OR
      coalesce(sum(n) FILTER (WHERE is_processed AND NOT is_reviewed), 0) <> 0 OR
      coalesce(sum(n) FILTER (WHERE NOT is_processed), 0) <> 0)
    ORDER BY institute_id
    ON CONFLICT (institute_id) DO UPDATE SET
      reviewed = t.reviewed + EXCLUDED.reviewed,
      not_reviewed = t.not_reviewed + EXCLUDED.not_reviewed,
      unprocessed = t.unprocessed + EXCLUDED.unprocessed)
  INSERT INTO record_days AS t (institute_id, day, count)
  SELECT institute_id, day, sum(n) FROM visible GROUP BY institute_id, day
  HAVING sum(n) <> 0 ORDER BY institute_id, day
  ON CONFLICT (institute_id, day) DO UPDATE SET count = t.count + EXCLUDED.count`;

const ROWS = (table: string, n: number) =>
  `SELECT institute_id, date, hidden, is_processed, is_reviewed, ${n} AS n FROM ${table}`;

const TALLY_FUNCTION = `
CREATE FUNCTION records_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format($q$${APPLY_CHANGE}$q$, $q$${ROWS('new_rows', 1)}$q$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format($q$${APPLY_CHANGE}$q$, $q$${ROWS('old_rows', -1)}$q$);
  ELSE
    EXECUTE format($q$${APPLY_CHANGE}$q$,
      $q$${ROWS('old_rows', -1)} UNION ALL ${ROWS('new_rows', 1)}$q$);
  END IF;
  RETURN NULL;
END
$fn$`;

/** An institute's days are its own calendar's: a new time zone recounts them. */
const REBUILD_DAYS = `
CREATE FUNCTION record_days_rebuild() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM record_days WHERE institute_id = OLD.id;
    DELETE FROM record_counts WHERE institute_id = OLD.id;
  ELSIF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    DELETE FROM record_days WHERE institute_id = NEW.id;
    INSERT INTO record_days (institute_id, day, count)
    SELECT NEW.id, (r.date AT TIME ZONE NEW.timezone)::date AS day, count(*)
    FROM records r WHERE r.institute_id = NEW.id AND NOT r.hidden GROUP BY day;
  END IF;
  RETURN NULL;
END
$fn$`;

/**
 * Tallies of the records that the dashboard reads instead of counting a million rows: the
 * records summary per institute and the records per local day (server/entities/record-tallies.ts).
 */

export class RecordTallies1795393155366 implements MigrationInterface {
  name = 'RecordTallies1795393155366';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"record_counts\" (\"institute_id\" integer NOT NULL, \"reviewed\" integer NOT NULL DEFAULT '0', \"not_reviewed\" integer NOT NULL DEFAULT '0', \"unprocessed\" integer NOT NULL DEFAULT '0', CONSTRAINT \"PK_ca6454e4639fcba866a34464ade\" PRIMARY KEY (\"institute_id\"))");
    await q.query("CREATE TABLE \"record_days\" (\"institute_id\" integer NOT NULL, \"day\" date NOT NULL, \"count\" integer NOT NULL DEFAULT '0', CONSTRAINT \"PK_ce58274b00019cef085364720dc\" PRIMARY KEY (\"institute_id\", \"day\"))");
    await q.query(TALLY_FUNCTION);
    await q.query(REBUILD_DAYS);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ]) {
      await q.query(
        `CREATE TRIGGER records_tally_${event.toLowerCase()} AFTER ${event} ON records ` +
          `REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION records_tally()`,
      );
    }
    await q.query(
      'CREATE TRIGGER institutes_record_days AFTER UPDATE OF timezone OR DELETE ON institutes ' +
        'FOR EACH ROW EXECUTE FUNCTION record_days_rebuild()',
    );
    // The records already there, counted once.
    await q.query(
      `INSERT INTO record_counts (institute_id, reviewed, not_reviewed, unprocessed)
       SELECT institute_id, count(*) FILTER (WHERE is_processed AND is_reviewed),
              count(*) FILTER (WHERE is_processed AND NOT is_reviewed),
              count(*) FILTER (WHERE NOT is_processed)
       FROM records WHERE NOT hidden GROUP BY institute_id`,
    );
    await q.query(
      `INSERT INTO record_days (institute_id, day, count)
       SELECT r.institute_id, (r.date AT TIME ZONE i.timezone)::date AS day, count(*)
       FROM records r JOIN institutes i ON i.id = r.institute_id
       WHERE NOT r.hidden GROUP BY r.institute_id, day`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER institutes_record_days ON institutes');
    for (const event of ['insert', 'update', 'delete']) {
      await q.query(`DROP TRIGGER records_tally_${event} ON records`);
    }
    await q.query('DROP FUNCTION record_days_rebuild()');
    await q.query('DROP FUNCTION records_tally()');
    await q.query("DROP TABLE \"record_days\"");
    await q.query("DROP TABLE \"record_counts\"");
  }
}
