import type { MigrationInterface, QueryRunner } from 'typeorm';
/*
 * Frozen: this migration holds the SQL it ran as literals, so a fresh install builds what an
 * upgraded database got. The included-record rule (shared/domain/included-record.ts) as it was
 * then is written out in each selection; a later rule is installed by a later migration.
 */

/** line_tally(): each statement's change of included records added to the tallies of its lines. */
const TALLY_FUNCTION = `
CREATE FUNCTION line_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
  INSERT INTO line_tallies AS t (line_id, n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM (SELECT r.line_id, 1 AS sign, r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM new_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL) c JOIN lines l ON l.id = c.line_id
  GROUP BY c.line_id
  HAVING sum(c.sign * 1) <> 0 OR sum(c.sign * auc) <> 0 OR sum(c.sign * auc * auc) <> 0 OR sum(c.sign * auc225) <> 0 OR sum(c.sign * auc225 * auc225) <> 0 OR sum(c.sign * power) <> 0 OR sum(c.sign * power * power) <> 0 OR sum(c.sign * (temperature IS NOT NULL)::int) <> 0 OR sum(c.sign * coalesce(temperature, 0)) <> 0 OR sum(c.sign * ldh) <> 0 OR sum(c.sign * asat) <> 0 OR sum(c.sign * potassium) <> 0
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium;
  ELSIF TG_OP = 'DELETE' THEN
  INSERT INTO line_tallies AS t (line_id, n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM (SELECT r.line_id, -1 AS sign, r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM old_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL) c JOIN lines l ON l.id = c.line_id
  GROUP BY c.line_id
  HAVING sum(c.sign * 1) <> 0 OR sum(c.sign * auc) <> 0 OR sum(c.sign * auc * auc) <> 0 OR sum(c.sign * auc225) <> 0 OR sum(c.sign * auc225 * auc225) <> 0 OR sum(c.sign * power) <> 0 OR sum(c.sign * power * power) <> 0 OR sum(c.sign * (temperature IS NOT NULL)::int) <> 0 OR sum(c.sign * coalesce(temperature, 0)) <> 0 OR sum(c.sign * ldh) <> 0 OR sum(c.sign * asat) <> 0 OR sum(c.sign * potassium) <> 0
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium;
  ELSE
  INSERT INTO line_tallies AS t (line_id, n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM (SELECT r.line_id, -1 AS sign, r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM old_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL UNION ALL SELECT r.line_id, 1 AS sign, r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM new_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL) c JOIN lines l ON l.id = c.line_id
  GROUP BY c.line_id
  HAVING sum(c.sign * 1) <> 0 OR sum(c.sign * auc) <> 0 OR sum(c.sign * auc * auc) <> 0 OR sum(c.sign * auc225) <> 0 OR sum(c.sign * auc225 * auc225) <> 0 OR sum(c.sign * power) <> 0 OR sum(c.sign * power * power) <> 0 OR sum(c.sign * (temperature IS NOT NULL)::int) <> 0 OR sum(c.sign * coalesce(temperature, 0)) <> 0 OR sum(c.sign * ldh) <> 0 OR sum(c.sign * asat) <> 0 OR sum(c.sign * potassium) <> 0
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium;
  END IF;
  RETURN NULL;
END
$fn$`;

/** The records already there, counted once. */
const COUNT_EXISTING = `
  INSERT INTO line_tallies AS t (line_id, n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM (SELECT r.line_id, 1 AS sign, r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM records r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL) c JOIN lines l ON l.id = c.line_id
  GROUP BY c.line_id
  HAVING sum(c.sign * 1) <> 0 OR sum(c.sign * auc) <> 0 OR sum(c.sign * auc * auc) <> 0 OR sum(c.sign * auc225) <> 0 OR sum(c.sign * auc225 * auc225) <> 0 OR sum(c.sign * power) <> 0 OR sum(c.sign * power * power) <> 0 OR sum(c.sign * (temperature IS NOT NULL)::int) <> 0 OR sum(c.sign * coalesce(temperature, 0)) <> 0 OR sum(c.sign * ldh) <> 0 OR sum(c.sign * asat) <> 0 OR sum(c.sign * potassium) <> 0
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium`;

/**
 * Line statistics from tallies instead of every included record of the line (entity LineTally):
 * each record keeps its analytes' rejection probabilities (filled for older records when the
 * worker starts), and statement triggers on `records` keep per-line sums in the same transaction.
 */
export class LineTallies1795399094982 implements MigrationInterface {
  name = 'LineTallies1795399094982';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"line_tallies\" (\"line_id\" integer NOT NULL, \"n\" integer NOT NULL DEFAULT '0', \"sum_auc\" numeric NOT NULL DEFAULT '0', \"sum_auc_squares\" numeric NOT NULL DEFAULT '0', \"sum_auc225\" numeric NOT NULL DEFAULT '0', \"sum_auc225_squares\" numeric NOT NULL DEFAULT '0', \"sum_power\" numeric NOT NULL DEFAULT '0', \"sum_power_squares\" numeric NOT NULL DEFAULT '0', \"n_temperature\" integer NOT NULL DEFAULT '0', \"sum_temperature\" numeric NOT NULL DEFAULT '0', \"sum_ldh\" numeric NOT NULL DEFAULT '0', \"sum_asat\" numeric NOT NULL DEFAULT '0', \"sum_potassium\" numeric NOT NULL DEFAULT '0', CONSTRAINT \"PK_cb14e775453bb4281f3f83c6ae3\" PRIMARY KEY (\"line_id\"))");
    await q.query("ALTER TABLE \"records\" ADD \"p_ldh\" double precision");
    await q.query("ALTER TABLE \"records\" ADD \"p_asat\" double precision");
    await q.query("ALTER TABLE \"records\" ADD \"p_potassium\" double precision");
    await q.query("CREATE INDEX \"IDX_records_missing_probabilities\" ON \"records\"  (\"institute_id\") WHERE auc IS NOT NULL AND p_ldh IS NULL");
    await q.query("ALTER TABLE \"line_tallies\" ADD CONSTRAINT \"FK_cb14e775453bb4281f3f83c6ae3\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query(TALLY_FUNCTION);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ]) {
      await q.query(
        `CREATE TRIGGER line_tally_${event.toLowerCase()} AFTER ${event} ON records ` +
          `REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION line_tally()`,
      );
    }
    await q.query(COUNT_EXISTING);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await q.query(`DROP TRIGGER line_tally_${event} ON records`);
    }
    await q.query('DROP FUNCTION line_tally()');
    await q.query("ALTER TABLE \"line_tallies\" DROP CONSTRAINT \"FK_cb14e775453bb4281f3f83c6ae3\"");
    await q.query("DROP INDEX \"public\".\"IDX_records_missing_probabilities\"");
    await q.query("ALTER TABLE \"records\" DROP COLUMN \"p_potassium\"");
    await q.query("ALTER TABLE \"records\" DROP COLUMN \"p_asat\"");
    await q.query("ALTER TABLE \"records\" DROP COLUMN \"p_ldh\"");
    await q.query("DROP TABLE \"line_tallies\"");
  }
}
