import type { MigrationInterface, QueryRunner } from 'typeorm';
/*
 * Frozen: this migration holds the SQL it ran as literals (server/db/line-tally-function.ts
 * builds the function the current included-record rule gives; line-tally-function.api.test.ts holds
 * the installed one to it).
 */

/** line_tally() keeping each line's cached out-of-range count too. */
const TALLY_FUNCTION_WITH_OUT_OF_RANGE = `
CREATE OR REPLACE FUNCTION line_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
  WITH c AS NOT MATERIALIZED (SELECT r.line_id, 1 AS sign, r.date, r.auc AS vital_metric,
          r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM new_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL)
  INSERT INTO line_tallies AS t (line_id, oor_lower, oor_upper, oor_since, oor_count,
                                 n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, s.oor_lower, s.oor_upper, s.oor_since,
         coalesce(sum(c.sign) FILTER (WHERE c.date > s.oor_since AND (c.vital_metric < s.oor_lower OR c.vital_metric > s.oor_upper)), 0),
         sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM c JOIN lines l ON l.id = c.line_id LEFT JOIN line_tallies s ON s.line_id = c.line_id
  GROUP BY c.line_id, s.line_id
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET
    n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium,
    oor_count = t.oor_count + CASE
      WHEN (t.oor_lower, t.oor_upper, t.oor_since) IS NOT DISTINCT FROM (EXCLUDED.oor_lower, EXCLUDED.oor_upper, EXCLUDED.oor_since) THEN EXCLUDED.oor_count
      ELSE (SELECT coalesce(sum(c.sign), 0) FROM c
            WHERE c.line_id = t.line_id AND c.date > t.oor_since AND (c.vital_metric < t.oor_lower OR c.vital_metric > t.oor_upper))::int END;
  ELSIF TG_OP = 'DELETE' THEN
  WITH c AS NOT MATERIALIZED (SELECT r.line_id, -1 AS sign, r.date, r.auc AS vital_metric,
          r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM old_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL)
  INSERT INTO line_tallies AS t (line_id, oor_lower, oor_upper, oor_since, oor_count,
                                 n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, s.oor_lower, s.oor_upper, s.oor_since,
         coalesce(sum(c.sign) FILTER (WHERE c.date > s.oor_since AND (c.vital_metric < s.oor_lower OR c.vital_metric > s.oor_upper)), 0),
         sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM c JOIN lines l ON l.id = c.line_id LEFT JOIN line_tallies s ON s.line_id = c.line_id
  GROUP BY c.line_id, s.line_id
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET
    n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium,
    oor_count = t.oor_count + CASE
      WHEN (t.oor_lower, t.oor_upper, t.oor_since) IS NOT DISTINCT FROM (EXCLUDED.oor_lower, EXCLUDED.oor_upper, EXCLUDED.oor_since) THEN EXCLUDED.oor_count
      ELSE (SELECT coalesce(sum(c.sign), 0) FROM c
            WHERE c.line_id = t.line_id AND c.date > t.oor_since AND (c.vital_metric < t.oor_lower OR c.vital_metric > t.oor_upper))::int END;
  ELSE
  WITH c AS NOT MATERIALIZED (SELECT r.line_id, -1 AS sign, r.date, r.auc AS vital_metric,
          r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM old_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL UNION ALL SELECT r.line_id, 1 AS sign, r.date, r.auc AS vital_metric,
          r.auc::numeric AS auc, coalesce((r.metrics->>'auc_225hz')::float8, r.auc)::numeric AS auc225,
          coalesce((r.metrics->>'power')::float8, 0)::numeric AS power, (r.metrics->>'mean_kinetic_temperature')::float8::numeric AS temperature,
          coalesce(r.p_ldh, 0)::numeric AS ldh, coalesce(r.p_asat, 0)::numeric AS asat,
          coalesce(r.p_potassium, 0)::numeric AS potassium
   FROM new_rows r WHERE r.line_id IS NOT NULL AND r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL)
  INSERT INTO line_tallies AS t (line_id, oor_lower, oor_upper, oor_since, oor_count,
                                 n, sum_auc, sum_auc_squares, sum_auc225, sum_auc225_squares, sum_power, sum_power_squares, n_temperature, sum_temperature, sum_ldh, sum_asat, sum_potassium)
  SELECT c.line_id, s.oor_lower, s.oor_upper, s.oor_since,
         coalesce(sum(c.sign) FILTER (WHERE c.date > s.oor_since AND (c.vital_metric < s.oor_lower OR c.vital_metric > s.oor_upper)), 0),
         sum(c.sign * 1), sum(c.sign * auc), sum(c.sign * auc * auc), sum(c.sign * auc225), sum(c.sign * auc225 * auc225), sum(c.sign * power), sum(c.sign * power * power), sum(c.sign * (temperature IS NOT NULL)::int), sum(c.sign * coalesce(temperature, 0)), sum(c.sign * ldh), sum(c.sign * asat), sum(c.sign * potassium)
  FROM c JOIN lines l ON l.id = c.line_id LEFT JOIN line_tallies s ON s.line_id = c.line_id
  GROUP BY c.line_id, s.line_id
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET
    n = t.n + EXCLUDED.n, sum_auc = t.sum_auc + EXCLUDED.sum_auc, sum_auc_squares = t.sum_auc_squares + EXCLUDED.sum_auc_squares, sum_auc225 = t.sum_auc225 + EXCLUDED.sum_auc225, sum_auc225_squares = t.sum_auc225_squares + EXCLUDED.sum_auc225_squares, sum_power = t.sum_power + EXCLUDED.sum_power, sum_power_squares = t.sum_power_squares + EXCLUDED.sum_power_squares, n_temperature = t.n_temperature + EXCLUDED.n_temperature, sum_temperature = t.sum_temperature + EXCLUDED.sum_temperature, sum_ldh = t.sum_ldh + EXCLUDED.sum_ldh, sum_asat = t.sum_asat + EXCLUDED.sum_asat, sum_potassium = t.sum_potassium + EXCLUDED.sum_potassium,
    oor_count = t.oor_count + CASE
      WHEN (t.oor_lower, t.oor_upper, t.oor_since) IS NOT DISTINCT FROM (EXCLUDED.oor_lower, EXCLUDED.oor_upper, EXCLUDED.oor_since) THEN EXCLUDED.oor_count
      ELSE (SELECT coalesce(sum(c.sign), 0) FROM c
            WHERE c.line_id = t.line_id AND c.date > t.oor_since AND (c.vital_metric < t.oor_lower OR c.vital_metric > t.oor_upper))::int END;
  END IF;
  RETURN NULL;
END
$fn$`;

/** line_tally() as migration LineTallies installed it. */
const TALLY_FUNCTION = `
CREATE OR REPLACE FUNCTION line_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
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

/**
 * Each line's out-of-range count (vial-data.md) cached with the range and date it counts against
 * (entity LineTally): the records triggers keep it exact in the same statement, the lines read it
 * when their baseline still gives that key and recount once when it does not.
 */
export class LineOutOfRangeCounts1795400237835 implements MigrationInterface {
  name = 'LineOutOfRangeCounts1795400237835';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"line_tallies\" ADD \"oor_lower\" double precision");
    await q.query("ALTER TABLE \"line_tallies\" ADD \"oor_upper\" double precision");
    await q.query("ALTER TABLE \"line_tallies\" ADD \"oor_since\" TIMESTAMP WITH TIME ZONE");
    await q.query("ALTER TABLE \"line_tallies\" ADD \"oor_count\" integer NOT NULL DEFAULT '0'");
    await q.query(TALLY_FUNCTION_WITH_OUT_OF_RANGE);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(TALLY_FUNCTION);
    await q.query("ALTER TABLE \"line_tallies\" DROP COLUMN \"oor_count\"");
    await q.query("ALTER TABLE \"line_tallies\" DROP COLUMN \"oor_since\"");
    await q.query("ALTER TABLE \"line_tallies\" DROP COLUMN \"oor_upper\"");
    await q.query("ALTER TABLE \"line_tallies\" DROP COLUMN \"oor_lower\"");
  }
}
