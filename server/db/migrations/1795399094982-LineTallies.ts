import type { MigrationInterface, QueryRunner } from 'typeorm';
import { includedRecordSql, includedRecordValuesSql } from '../../../shared/domain/included-record';

const value = includedRecordValuesSql('r');

/** Each tally column and what one included record adds to it (as numeric: exact sums). */
export const TALLIES: [column: string, perRecord: string][] = [
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

/** A table's included records on a line, with their values and the sign `n` they count with. */
const ROWS = (table: string, n: number) =>
  `SELECT r.line_id, ${n} AS sign, ${value.auc}::numeric AS auc, ${value.auc225}::numeric AS auc225,
          ${value.power}::numeric AS power, ${value.temperature}::numeric AS temperature,
          ${value.ldh}::numeric AS ldh, ${value.asat}::numeric AS asat,
          ${value.potassium}::numeric AS potassium
   FROM ${table} r WHERE r.line_id IS NOT NULL AND ${includedRecordSql('r')}`;

/**
 * Adds the change of `rows` (each written row once as it was, sign -1, and once as it is, +1) to
 * the tallies of its lines. Lines whose change nets to zero (an edit of anything else, or of a
 * record that is not included before nor after) are not written; lines being removed are not
 * counted (the join), their tallies go with them. Lines in id order: concurrent statements lock
 * tally rows in one order.
 */
const APPLY_CHANGE = (rows: string) => `
  INSERT INTO line_tallies AS t (line_id, ${TALLIES.map(([c]) => c).join(', ')})
  SELECT c.line_id, ${TALLIES.map(([, v]) => `sum(c.sign * ${v})`).join(', ')}
  FROM (${rows}) c JOIN lines l ON l.id = c.line_id
  GROUP BY c.line_id
  HAVING ${TALLIES.map(([, v]) => `sum(c.sign * ${v}) <> 0`).join(' OR ')}
  ORDER BY c.line_id
  ON CONFLICT (line_id) DO UPDATE SET ${TALLIES.map(([c]) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')}`;

export const TALLY_FUNCTION = `
CREATE FUNCTION line_tally() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
$fn$`;

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
    // The records already there, counted once.
    await q.query(APPLY_CHANGE(ROWS('records', 1)));
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
