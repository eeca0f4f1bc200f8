import type { MigrationInterface, QueryRunner } from 'typeorm';
/* Frozen: this migration holds the SQL it ran as literals. */

/** An event's institute is its line's, whoever inserts it. */
const EVENT_INSTITUTE_FUNCTION = `
CREATE FUNCTION monitoring_event_institute() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.institute_id := (SELECT institute_id FROM lines WHERE id = NEW.line_id);
  RETURN NEW;
END
$fn$`;

/**
 * monitoring_events.institute_id (entity MonitoringEvent): the institute's events list reads its
 * newest events from one (institute, opened_at, id) index instead of sorting every line's events.
 */
export class EventInstitutes1795579742284 implements MigrationInterface {
  name = 'EventInstitutes1795579742284';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"monitoring_events\" ADD \"institute_id\" integer");
    await q.query("UPDATE \"monitoring_events\" e SET \"institute_id\" = l.\"institute_id\" FROM \"lines\" l WHERE l.\"id\" = e.\"line_id\"");
    await q.query("ALTER TABLE \"monitoring_events\" ALTER COLUMN \"institute_id\" SET NOT NULL");
    await q.query(EVENT_INSTITUTE_FUNCTION);
    await q.query("CREATE TRIGGER monitoring_event_institute BEFORE INSERT ON \"monitoring_events\" FOR EACH ROW EXECUTE FUNCTION monitoring_event_institute()");
    await q.query("CREATE INDEX \"IDX_fd02fba3e91c3fcc8ba7eab131\" ON \"monitoring_events\"  (\"institute_id\", \"opened_at\", \"id\") ");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_a6f5c4d901ffeec5d9aab5644c1\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_a6f5c4d901ffeec5d9aab5644c1\"");
    await q.query("DROP INDEX \"public\".\"IDX_fd02fba3e91c3fcc8ba7eab131\"");
    await q.query("DROP TRIGGER monitoring_event_institute ON \"monitoring_events\"");
    await q.query("DROP FUNCTION monitoring_event_institute()");
    await q.query("ALTER TABLE \"monitoring_events\" DROP COLUMN \"institute_id\"");
  }
}
