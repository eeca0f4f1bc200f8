import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change one statement made to the records tallies, from its transition tables: `changed`
 * holds each written row once as it was (n = -1) and once as it is (n = +1). Groups whose
 * change nets to zero (an edit of anything else) are not written. Records of an institute being
 * removed are not counted (the join), nor are hidden ones per day.
 */
const APPLY_CHANGE = `
  WITH changed AS (%s),
  known AS (
    SELECT c.*, (c.date AT TIME ZONE i.timezone)::date AS day
    FROM changed c JOIN institutes i ON i.id = c.institute_id),
  counts AS (
    INSERT INTO record_counts AS t (institute_id, is_processed, is_reviewed, exclude, hidden, count)
    SELECT institute_id, is_processed, is_reviewed, exclude, hidden, sum(n)
    FROM known GROUP BY institute_id, is_processed, is_reviewed, exclude, hidden
    HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (institute_id, is_processed, is_reviewed, exclude, hidden)
    DO UPDATE SET count = t.count + EXCLUDED.count)
  INSERT INTO record_days AS t (institute_id, day, count)
  SELECT institute_id, day, sum(n) FROM known WHERE NOT hidden GROUP BY institute_id, day
  HAVING sum(n) <> 0 ORDER BY institute_id, day
  ON CONFLICT (institute_id, day) DO UPDATE SET count = t.count + EXCLUDED.count`;

const ROWS = (table: string, n: number) =>
  `SELECT institute_id, date, is_processed, is_reviewed, exclude, hidden, ${n} AS n FROM ${table}`;

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
 * Tallies of the records that lists and the dashboard read instead of counting a million rows:
 * records per institute and flags, and visible records per local day
 * (server/entities/record-tallies.ts).
 */

export class RecordTallies1795393389643 implements MigrationInterface {
  name = 'RecordTallies1795393389643';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"record_counts\" (\"institute_id\" integer NOT NULL, \"is_processed\" boolean NOT NULL, \"is_reviewed\" boolean NOT NULL, \"exclude\" boolean NOT NULL, \"hidden\" boolean NOT NULL, \"count\" integer NOT NULL DEFAULT '0', CONSTRAINT \"PK_eb59d4ec96beada1318736c9a9a\" PRIMARY KEY (\"institute_id\", \"is_processed\", \"is_reviewed\", \"exclude\", \"hidden\"))");
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
      `INSERT INTO record_counts (institute_id, is_processed, is_reviewed, exclude, hidden, count)
       SELECT institute_id, is_processed, is_reviewed, exclude, hidden, count(*)
       FROM records GROUP BY 1, 2, 3, 4, 5`,
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
