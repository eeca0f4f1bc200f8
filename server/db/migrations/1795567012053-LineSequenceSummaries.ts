import type { MigrationInterface, QueryRunner } from 'typeorm';
/*
 * Frozen: this migration holds the SQL it ran as literals. The columns a record's place in its
 * line's monitoring sequence depends on (its line, date, VitalMetric and the included-record
 * rule's columns as they were then) are written out; line-sequence-summaries.api.test.ts holds
 * them to the current rule.
 */

/** The columns whose change can move a record into, out of or within its line's sequence. */
export const SEQUENCE_COLUMNS = [
  'line_id',
  'date',
  'auc',
  'is_processed',
  'exclude',
  'hidden',
  'test_run',
  'no_run_error',
  'short_run_error',
  'flatline_error',
];

const row = (alias: string) => `(${SEQUENCE_COLUMNS.map((c) => `${alias}.${c}`).join(', ')})`;

/** Raises the summary version of each line whose sequence the statement may have changed. */
const bump = (lines: string) => `
    INSERT INTO line_sequence_summaries AS s (line_id)
    SELECT DISTINCT c.line_id FROM (${lines}) c JOIN lines l ON l.id = c.line_id ORDER BY c.line_id
    ON CONFLICT (line_id) DO UPDATE SET version = s.version + 1;`;

const SEQUENCE_CHANGED_FUNCTION = `
CREATE FUNCTION line_sequence_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN${bump('SELECT line_id FROM new_rows')}
  ELSIF TG_OP = 'DELETE' THEN${bump('SELECT line_id FROM old_rows')}
  ELSE${bump(
    `SELECT unnest(ARRAY[o.line_id, n.line_id]) AS line_id
     FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${row('o')} IS DISTINCT FROM ${row('n')}`,
  )}
  END IF;
  RETURN NULL;
END
$fn$`;

/**
 * Each line's monitoring summary (entity LineSequenceSummary): the whole sequence's total and rule
 * counts, valid while no write has touched the line's sequence since they were computed.
 */
export class LineSequenceSummaries1795567012053 implements MigrationInterface {
  name = 'LineSequenceSummaries1795567012053';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"line_sequence_summaries\" (\"line_id\" integer NOT NULL, \"version\" bigint NOT NULL DEFAULT '1', \"computed_version\" bigint, \"baseline\" text, \"total\" integer, \"rule_counts\" jsonb, CONSTRAINT \"PK_aa5c3158a5e84398f7ddd6caf99\" PRIMARY KEY (\"line_id\"))");
    await q.query("ALTER TABLE \"line_sequence_summaries\" ADD CONSTRAINT \"FK_aa5c3158a5e84398f7ddd6caf99\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query(SEQUENCE_CHANGED_FUNCTION);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ]) {
      await q.query(
        `CREATE TRIGGER line_sequence_${event.toLowerCase()} AFTER ${event} ON records ` +
          `REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION line_sequence_changed()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await q.query(`DROP TRIGGER line_sequence_${event} ON records`);
    }
    await q.query('DROP FUNCTION line_sequence_changed()');
    await q.query("ALTER TABLE \"line_sequence_summaries\" DROP CONSTRAINT \"FK_aa5c3158a5e84398f7ddd6caf99\"");
    await q.query("DROP TABLE \"line_sequence_summaries\"");
  }
}
