import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Institute generations (entity InstituteGeneration in server/entities/record-tallies.ts): after
 * each statement that writes a table the records list reads, the generation of every institute
 * the written rows belong to goes up by one, in the statement's transaction.
 *
 * The trigger's argument is a query giving the institute of each row of `%1$s` (a transition
 * table). Before raising a generation the transaction takes the institute's audit chain lock
 * (pg_advisory_xact_lock(1096173891, institute), AuditTrail), which audited writes take anyway:
 * whoever holds a generation's row lock holds that lock too, so the row lock is never waited
 * on. Writes the audit trail does not record (derived columns only) now take the chain lock at
 * the end of their statement as well.
 */
const BUMP_FUNCTION = `
CREATE FUNCTION bump_institute_generations() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN format(TG_ARGV[0], 'new_rows')
    WHEN 'DELETE' THEN format(TG_ARGV[0], 'old_rows')
    ELSE format(TG_ARGV[0], 'old_rows') || ' UNION ' || format(TG_ARGV[0], 'new_rows') END;
BEGIN
  EXECUTE format($q$
    WITH institutes AS (
      SELECT DISTINCT institute_id FROM (%s) c WHERE institute_id IS NOT NULL ORDER BY 1),
    locked AS (
      SELECT institute_id, pg_advisory_xact_lock(1096173891, institute_id) FROM institutes)
    INSERT INTO institute_generations AS g (institute_id, generation)
    SELECT institute_id, 1 FROM locked ORDER BY 1
    ON CONFLICT (institute_id) DO UPDATE SET generation = g.generation + 1$q$, changed);
  RETURN NULL;
END
$fn$`;

const OWN = 'SELECT institute_id FROM %1$s';
const TABLES: [string, string][] = [
  ['records', OWN],
  ['lines', OWN],
  ['labels', OWN],
  ['clinical_data', OWN],
  ['validations', OWN],
  ['institutes', 'SELECT id AS institute_id FROM %1$s'],
  ['record_labels', 'SELECT r.institute_id FROM %1$s t JOIN records r ON r.id = t.record_id'],
  [
    'validation_lines',
    'SELECT v.institute_id FROM %1$s t JOIN validations v ON v.id = t.validation_id',
  ],
];
const EVENTS: [string, string][] = [
  ['insert', 'NEW TABLE AS new_rows'],
  ['update', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'OLD TABLE AS old_rows'],
];

export class InstituteGenerations1796100000000 implements MigrationInterface {
  name = 'InstituteGenerations1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"institute_generations\" (\"institute_id\" integer NOT NULL, \"generation\" bigint NOT NULL DEFAULT '0', CONSTRAINT \"PK_67b500c90934fb20dec9c9c1bf9\" PRIMARY KEY (\"institute_id\"))");
    await q.query(BUMP_FUNCTION);
    for (const [table, institutes] of TABLES) {
      for (const [event, rows] of EVENTS) {
        await q.query(
          `CREATE TRIGGER ${table}_generation_${event} AFTER ${event.toUpperCase()} ON ${table} ` +
            `REFERENCING ${rows} FOR EACH STATEMENT ` +
            `EXECUTE FUNCTION bump_institute_generations('${institutes}')`,
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table] of TABLES) {
      for (const [event] of EVENTS) {
        await q.query(`DROP TRIGGER ${table}_generation_${event} ON ${table}`);
      }
    }
    await q.query('DROP FUNCTION bump_institute_generations()');
    await q.query("DROP TABLE \"institute_generations\"");
  }
}
