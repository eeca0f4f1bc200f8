import { includedRecordSql, includedRecordValuesSql } from '../../shared/domain/included-record';

/**
 * The `line_tally()` trigger function the current included-record rule gives: what
 * `line-tally-function.api.test.ts` holds the installed one to. Migrations are frozen and hold the
 * SQL they install as a literal, so a change of the rule needs a new migration that installs this
 * text (`npx tsx server/db/line-tally-function.ts` prints it).
 */

const value = includedRecordValuesSql('r');

/** Each tally column and what one included record adds to it (as numeric: exact sums). */
const TALLIES: [column: string, perRecord: string][] = [
  ['n', '1'],
  ['sum_auc', 'auc'],
  ['sum_auc_squares', 'auc * auc'],
  ['sum_auc225', 'auc225'],
  ['sum_auc225_squares', 'auc225 * auc225'],
  ['sum_power', 'power'],
  ['sum_power_squares', 'power * power'],
  ['n_temperature', '(temperature IS NOT NULL)::int'],
  ['sum_temperature', 'coalesce(temperature, 0)'],
  ['sum_ldh', 'ldh'],
  ['sum_asat', 'asat'],
  ['sum_potassium', 'potassium'],
];

/**
 * A table's included records on a line, with the sign `n` they count with, their values as exact
 * numeric (the tallies) and their date and VitalMetric as stored (the out-of-range count compares
 * the float8 itself with the range, as a fresh count does).
 */
const ROWS = (table: string, n: number) =>
  `SELECT r.line_id, ${n} AS sign, r.date, r.auc AS vital_metric,
          ${value.auc}::numeric AS auc, ${value.auc225}::numeric AS auc225,
          ${value.power}::numeric AS power, ${value.temperature}::numeric AS temperature,
          ${value.ldh}::numeric AS ldh, ${value.asat}::numeric AS asat,
          ${value.potassium}::numeric AS potassium
   FROM ${table} r WHERE r.line_id IS NOT NULL AND ${includedRecordSql('r')}`;

/** Row `c` counts in the out-of-range count cached in tally `t` (none cached: it does not). */
const OUT_OF_RANGE = (c: string, t: string) =>
  `${c}.date > ${t}.oor_since AND (${c}.vital_metric < ${t}.oor_lower OR ${c}.vital_metric > ${t}.oor_upper)`;

const OOR_KEY = (t: string) => `(${t}.oor_lower, ${t}.oor_upper, ${t}.oor_since)`;

/**
 * Adds the change of `rows` to the tallies of its lines, and to their cached out-of-range counts
 * (the key the reader last counted with, read in this statement's snapshot, goes along as
 * EXCLUDED's). Every line with an included record among the rows gets its tally row written, even
 * when nothing nets to a change: the row lock tells a recount (lines/service) to wait for this
 * transaction, whose records its snapshot would miss. A recount that committed between this
 * statement's snapshot and its row lock changed the key: the change is then counted against the
 * key the row has now. Lines in id order: concurrent statements lock tally rows in one order.
 */
const APPLY_CHANGE = (rows: string) => `
  WITH c AS NOT MATERIALIZED (${rows})
  INSERT INTO line_tallies AS t (line_id, oor_lower, oor_upper, oor_since, oor_count,
                                 ${TALLIES.map(([column]) => column).join(', ')})
  SELECT c.line_id, s.oor_lower, s.oor_upper, s.oor_since,
         coalesce(sum(c.sign) FILTER (WHERE ${OUT_OF_RANGE('c', 's')}), 0),
         ${TALLIES.map(([, v]) => `sum(c.sign * ${v})`).join(', ')}
  FROM c JOIN lines l ON l.id = c.line_id LEFT JOIN line_tallies s ON s.line_id = c.line_id
  GROUP BY c.line_id, s.line_id
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET
    ${TALLIES.map(([column]) => `${column} = t.${column} + EXCLUDED.${column}`).join(', ')},
    oor_count = t.oor_count + CASE
      WHEN ${OOR_KEY('t')} IS NOT DISTINCT FROM ${OOR_KEY('EXCLUDED')} THEN EXCLUDED.oor_count
      ELSE (SELECT coalesce(sum(c.sign), 0) FROM c
            WHERE c.line_id = t.line_id AND ${OUT_OF_RANGE('c', 't')})::int END`;

/** The body of `line_tally()`, between its `$fn$` quotes. */
export const LINE_TALLY_BODY = `
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${APPLY_CHANGE(ROWS('new_rows', 1))};
  ELSIF TG_OP = 'DELETE' THEN
    ${APPLY_CHANGE(ROWS('old_rows', -1))};
  ELSE
    ${APPLY_CHANGE(`${ROWS('old_rows', -1)} UNION ALL ${ROWS('new_rows', 1)}`)};
  END IF;
  RETURN NULL;
END
`;

export const LINE_TALLY_FUNCTION = `CREATE OR REPLACE FUNCTION line_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$${LINE_TALLY_BODY}$fn$`;

if (require.main === module) console.log(LINE_TALLY_FUNCTION);
