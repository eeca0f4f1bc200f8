import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Peer benchmarking (peer-benchmarking.md sections 1 and 8). The tables below have no entity:
 * server/domain/benchmarks/repository.ts reads and writes them in SQL.
 *
 * - `institutes.benchmarking_opt_in`, false for every institute: audited by the institutes'
 *   audit_row trigger like any other field (`changes.benchmarking_opt_in {before, after}`).
 * - `benchmark_line_quarters`: per (line, quarter) the included records whose `date` falls in
 *   the institute's quarter and their median `auc`; `benchmark_hemolysis_quarters`: per
 *   (institute, quarter) the routine measurements and how many lie above 50 mg/dL and above each
 *   analyzer threshold.
 * - What makes a pair stale is queued, in the transaction of the change, by statement triggers:
 *   records (a record processed, edited, excluded, moved, deleted), hemolysis measurements and
 *   data sets, an institute's zone, an analyzer's thresholds. The server refreshes the queued
 *   pairs with one grouped query before it answers (server/domain/benchmarks/repository.ts).
 * - `benchmark_inputs.version` goes up with every statement that changes an input of a quarter's
 *   result other than the aggregates (lines, institutes, analyzers); a refresh that changes an
 *   aggregate raises it too. `benchmark_quarters` and `benchmark_answers` keep a quarter's result
 *   with the version it was computed from.
 */

/** The quarter (`YYYYQn`) of an instant in a zone. */
const QUARTER_OF = `
CREATE FUNCTION benchmark_quarter_of(at timestamptz, zone text) RETURNS text
LANGUAGE sql STABLE AS $$ SELECT to_char(at AT TIME ZONE zone, 'YYYY"Q"Q') $$`;

/** The first local midnight of a quarter in a zone (offset 0) or of the next one (offset 1). */
const QUARTER_EDGE = `
CREATE FUNCTION benchmark_quarter_edge(quarter text, zone text, offset_ integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT (make_timestamp(left(quarter, 4)::int, (right(quarter, 1)::int - 1) * 3 + 1, 1, 0, 0, 0)
          + make_interval(months => 3 * offset_)) AT TIME ZONE zone $$`;

/** Records: queue each (line, quarter) a written row was or is in. */
const RECORDS_STALE = `
CREATE FUNCTION benchmark_records_stale() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO benchmark_line_stale (line_id, quarter)
    SELECT DISTINCT n.line_id, benchmark_quarter_of(n.date, i.timezone)
    FROM new_rows n JOIN institutes i ON i.id = n.institute_id WHERE n.line_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO benchmark_line_stale (line_id, quarter)
    SELECT DISTINCT o.line_id, benchmark_quarter_of(o.date, i.timezone)
    FROM old_rows o JOIN institutes i ON i.id = o.institute_id WHERE o.line_id IS NOT NULL;
  ELSE
    INSERT INTO benchmark_line_stale (line_id, quarter)
    SELECT DISTINCT c.line_id, benchmark_quarter_of(c.date, i.timezone)
    FROM (
      SELECT o.institute_id, o.line_id, o.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.line_id, o.date, o.auc, o.is_processed, o.exclude, o.hidden, o.test_run,
             o.no_run_error, o.short_run_error, o.flatline_error)
         IS DISTINCT FROM
            (n.line_id, n.date, n.auc, n.is_processed, n.exclude, n.hidden, n.test_run,
             n.no_run_error, n.short_run_error, n.flatline_error)
      UNION ALL
      SELECT n.institute_id, n.line_id, n.date FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.line_id, o.date, o.auc, o.is_processed, o.exclude, o.hidden, o.test_run,
             o.no_run_error, o.short_run_error, o.flatline_error)
         IS DISTINCT FROM
            (n.line_id, n.date, n.auc, n.is_processed, n.exclude, n.hidden, n.test_run,
             n.no_run_error, n.short_run_error, n.flatline_error)
    ) c JOIN institutes i ON i.id = c.institute_id WHERE c.line_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$fn$`;

/** Hemolysis measurements: queue each (institute, quarter) a written row was or is in. */
const MEASUREMENTS_STALE = `
CREATE FUNCTION benchmark_measurements_stale() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
    SELECT DISTINCT d.institute_id, benchmark_quarter_of(n.timestamp, i.timezone)
    FROM new_rows n JOIN hemolysis_data d ON d.id = n.data_id
    JOIN institutes i ON i.id = d.institute_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
    SELECT DISTINCT d.institute_id, benchmark_quarter_of(o.timestamp, i.timezone)
    FROM old_rows o JOIN hemolysis_data d ON d.id = o.data_id
    JOIN institutes i ON i.id = d.institute_id;
  END IF;
  RETURN NULL;
END
$fn$`;

/**
 * Hemolysis data sets: a deleted one (its measurements go with it, when its row is already
 * gone) or a changed `donor_sample`: queue every quarter its measurements span.
 */
const DATA_SETS_STALE = `
CREATE FUNCTION benchmark_data_sets_stale() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'DELETE' THEN d := OLD; ELSE d := NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.donor_sample IS NOT DISTINCT FROM OLD.donor_sample
     AND NEW.institute_id = OLD.institute_id THEN
    RETURN NULL;
  END IF;
  IF d.measurement_start IS NULL THEN RETURN NULL; END IF;
  INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
  SELECT DISTINCT inst.id, to_char(m, 'YYYY"Q"Q')
  FROM institutes inst,
       generate_series(date_trunc('quarter', d.measurement_start AT TIME ZONE inst.timezone),
                       d.measurement_end AT TIME ZONE inst.timezone, interval '3 months') m
  WHERE inst.id IN (d.institute_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.institute_id END);
  RETURN NULL;
END
$fn$`;

/** An institute's new zone moves records and measurements between quarters: queue them all. */
const INSTITUTE_ZONE = `
CREATE FUNCTION benchmark_institute_zone() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    INSERT INTO benchmark_line_stale (line_id, quarter)
    SELECT line_id, quarter FROM benchmark_line_quarters q JOIN lines l ON l.id = q.line_id
    WHERE l.institute_id = NEW.id
    UNION
    SELECT DISTINCT r.line_id, benchmark_quarter_of(r.date, NEW.timezone)
    FROM records r WHERE r.institute_id = NEW.id AND r.line_id IS NOT NULL;
    INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
    SELECT institute_id, quarter FROM benchmark_hemolysis_quarters WHERE institute_id = NEW.id
    UNION
    SELECT DISTINCT NEW.id, to_char(m, 'YYYY"Q"Q')
    FROM hemolysis_data d,
         generate_series(date_trunc('quarter', d.measurement_start AT TIME ZONE NEW.timezone),
                         d.measurement_end AT TIME ZONE NEW.timezone, interval '3 months') m
    WHERE d.institute_id = NEW.id AND d.measurement_start IS NOT NULL;
  END IF;
  RETURN NULL;
END
$fn$`;

/** New thresholds change the counts above them. */
const ANALYZER_THRESHOLDS = `
CREATE FUNCTION benchmark_analyzer_thresholds() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
  SELECT institute_id, quarter FROM benchmark_hemolysis_quarters
  WHERE institute_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.institute_id ELSE NEW.institute_id END;
  RETURN NULL;
END
$fn$`;

const BUMP_VERSION = `
CREATE FUNCTION benchmark_bump_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE benchmark_inputs SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$fn$`;

const EVENTS: [string, string][] = [
  ['insert', 'NEW TABLE AS new_rows'],
  ['update', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'OLD TABLE AS old_rows'],
];

export class PeerBenchmarking1796600000000 implements MigrationInterface {
  name = 'PeerBenchmarking1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "institutes" ADD "benchmarking_opt_in" boolean NOT NULL DEFAULT false',
    );
    await q.query(
      'CREATE TABLE "benchmark_line_quarters" ("line_id" integer NOT NULL, "quarter" character varying(6) NOT NULL, "records" integer NOT NULL, "value" double precision, CONSTRAINT "PK_benchmark_line_quarters" PRIMARY KEY ("line_id", "quarter"))',
    );
    await q.query(
      'CREATE INDEX "IDX_benchmark_line_quarters_quarter" ON "benchmark_line_quarters" ("quarter")',
    );
    await q.query(
      'ALTER TABLE "benchmark_line_quarters" ADD CONSTRAINT "FK_benchmark_line_quarters_line" FOREIGN KEY ("line_id") REFERENCES "lines"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'CREATE TABLE "benchmark_hemolysis_quarters" ("institute_id" integer NOT NULL, "quarter" character varying(6) NOT NULL, "measurements" integer NOT NULL, "above_50" integer NOT NULL, "above_ldh" integer NOT NULL, "above_asat" integer NOT NULL, "above_potassium" integer NOT NULL, CONSTRAINT "PK_benchmark_hemolysis_quarters" PRIMARY KEY ("institute_id", "quarter"))',
    );
    await q.query(
      'CREATE INDEX "IDX_benchmark_hemolysis_quarters_quarter" ON "benchmark_hemolysis_quarters" ("quarter")',
    );
    await q.query(
      'ALTER TABLE "benchmark_hemolysis_quarters" ADD CONSTRAINT "FK_benchmark_hemolysis_quarters_institute" FOREIGN KEY ("institute_id") REFERENCES "institutes"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    // The queues: appended to by the triggers (no conflicts between writers), emptied by a refresh.
    await q.query(
      'CREATE TABLE "benchmark_line_stale" ("line_id" integer NOT NULL, "quarter" character varying(6) NOT NULL)',
    );
    await q.query(
      'CREATE TABLE "benchmark_hemolysis_stale" ("institute_id" integer NOT NULL, "quarter" character varying(6) NOT NULL)',
    );
    await q.query(
      'CREATE TABLE "benchmark_inputs" ("id" integer NOT NULL, "version" bigint NOT NULL DEFAULT \'0\', CONSTRAINT "PK_benchmark_inputs" PRIMARY KEY ("id"))',
    );
    await q.query('INSERT INTO "benchmark_inputs" ("id", "version") VALUES (1, 0)');
    await q.query(
      'CREATE TABLE "benchmark_quarters" ("quarter" character varying(6) NOT NULL, "version" bigint NOT NULL, "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "overview" jsonb NOT NULL, CONSTRAINT "PK_benchmark_quarters" PRIMARY KEY ("quarter"))',
    );
    await q.query(
      'CREATE TABLE "benchmark_answers" ("quarter" character varying(6) NOT NULL, "institute_id" integer NOT NULL, "version" bigint NOT NULL, "answer" jsonb NOT NULL, CONSTRAINT "PK_benchmark_answers" PRIMARY KEY ("quarter", "institute_id"))',
    );
    await q.query(
      'ALTER TABLE "benchmark_answers" ADD CONSTRAINT "FK_benchmark_answers_institute" FOREIGN KEY ("institute_id") REFERENCES "institutes"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );

    await q.query(QUARTER_OF);
    await q.query(QUARTER_EDGE);
    await q.query(RECORDS_STALE);
    await q.query(MEASUREMENTS_STALE);
    await q.query(DATA_SETS_STALE);
    await q.query(INSTITUTE_ZONE);
    await q.query(ANALYZER_THRESHOLDS);
    await q.query(BUMP_VERSION);
    for (const [event, rows] of EVENTS) {
      await q.query(
        `CREATE TRIGGER records_benchmark_${event} AFTER ${event.toUpperCase()} ON records ` +
          `REFERENCING ${rows} FOR EACH STATEMENT EXECUTE FUNCTION benchmark_records_stale()`,
      );
      await q.query(
        `CREATE TRIGGER hemolysis_measurements_benchmark_${event} AFTER ${event.toUpperCase()} ` +
          `ON hemolysis_measurements REFERENCING ${rows} FOR EACH STATEMENT ` +
          'EXECUTE FUNCTION benchmark_measurements_stale()',
      );
    }
    await q.query(
      'CREATE TRIGGER hemolysis_data_benchmark AFTER UPDATE OR DELETE ON hemolysis_data ' +
        'FOR EACH ROW EXECUTE FUNCTION benchmark_data_sets_stale()',
    );
    await q.query(
      'CREATE TRIGGER institutes_benchmark_zone AFTER UPDATE OF timezone ON institutes ' +
        'FOR EACH ROW EXECUTE FUNCTION benchmark_institute_zone()',
    );
    await q.query(
      'CREATE TRIGGER analyzers_benchmark AFTER INSERT OR UPDATE OR DELETE ON analyzers ' +
        'FOR EACH ROW EXECUTE FUNCTION benchmark_analyzer_thresholds()',
    );
    for (const table of ['lines', 'institutes', 'analyzers']) {
      await q.query(
        `CREATE TRIGGER ${table}_benchmark_version AFTER INSERT OR UPDATE OR DELETE ON ${table} ` +
          'FOR EACH STATEMENT EXECUTE FUNCTION benchmark_bump_version()',
      );
    }
    // What is already there, queued once: the first refresh computes it.
    await q.query(
      `INSERT INTO benchmark_line_stale (line_id, quarter)
       SELECT DISTINCT r.line_id, benchmark_quarter_of(r.date, i.timezone)
       FROM records r JOIN institutes i ON i.id = r.institute_id WHERE r.line_id IS NOT NULL`,
    );
    await q.query(
      `INSERT INTO benchmark_hemolysis_stale (institute_id, quarter)
       SELECT DISTINCT d.institute_id, benchmark_quarter_of(m.timestamp, i.timezone)
       FROM hemolysis_measurements m JOIN hemolysis_data d ON d.id = m.data_id
       JOIN institutes i ON i.id = d.institute_id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['lines', 'institutes', 'analyzers']) {
      await q.query(`DROP TRIGGER ${table}_benchmark_version ON ${table}`);
    }
    await q.query('DROP TRIGGER analyzers_benchmark ON analyzers');
    await q.query('DROP TRIGGER institutes_benchmark_zone ON institutes');
    await q.query('DROP TRIGGER hemolysis_data_benchmark ON hemolysis_data');
    for (const [event] of EVENTS) {
      await q.query(`DROP TRIGGER hemolysis_measurements_benchmark_${event} ON hemolysis_measurements`);
      await q.query(`DROP TRIGGER records_benchmark_${event} ON records`);
    }
    for (const fn of [
      'benchmark_bump_version()',
      'benchmark_analyzer_thresholds()',
      'benchmark_institute_zone()',
      'benchmark_data_sets_stale()',
      'benchmark_measurements_stale()',
      'benchmark_records_stale()',
      'benchmark_quarter_edge(text, text, integer)',
      'benchmark_quarter_of(timestamptz, text)',
    ]) {
      await q.query(`DROP FUNCTION ${fn}`);
    }
    for (const table of [
      'benchmark_answers',
      'benchmark_quarters',
      'benchmark_inputs',
      'benchmark_hemolysis_stale',
      'benchmark_line_stale',
      'benchmark_hemolysis_quarters',
      'benchmark_line_quarters',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
    await q.query('ALTER TABLE "institutes" DROP COLUMN "benchmarking_opt_in"');
  }
}
