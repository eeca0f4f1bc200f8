import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Issue 44. `monitoring_event_firings` (entity MonitoringEventFiring): each alarm firing that
 * opened an event or was counted on it, so the monitoring chart says of each firing what came of
 * it. Events written before it get their first firing (it opened them) and their last (counted);
 * the firings between were only counted. `monitoring_events.acknowledge_note`: what the person who
 * acknowledged an event wrote (audited with the event by its audit_row trigger).
 */
export class EventFiringsAndNotes1796710000000 implements MigrationInterface {
  name = 'EventFiringsAndNotes1796710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"monitoring_event_firings\" (\"record_id\" integer NOT NULL, \"event_id\" integer NOT NULL, \"opened\" boolean NOT NULL, CONSTRAINT \"PK_6114f3273642cabd096e0cb1597\" PRIMARY KEY (\"record_id\", \"event_id\"))");
    await q.query("CREATE INDEX \"IDX_1e4c1a789b996cc479d68c9469\" ON \"monitoring_event_firings\"  (\"event_id\") ");
    await q.query("ALTER TABLE \"monitoring_events\" ADD \"acknowledge_note\" text");
    await q.query("ALTER TABLE \"monitoring_event_firings\" ADD CONSTRAINT \"FK_a91980c35a3b9fcd83f62706263\" FOREIGN KEY (\"record_id\") REFERENCES \"records\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"monitoring_event_firings\" ADD CONSTRAINT \"FK_1e4c1a789b996cc479d68c9469c\" FOREIGN KEY (\"event_id\") REFERENCES \"monitoring_events\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query(`INSERT INTO "monitoring_event_firings" ("record_id", "event_id", "opened")
      SELECT "first_record_id", "id", true FROM "monitoring_events" WHERE "first_record_id" IS NOT NULL
      UNION ALL
      SELECT "last_record_id", "id", false FROM "monitoring_events"
      WHERE "last_record_id" IS NOT NULL AND "last_record_id" IS DISTINCT FROM "first_record_id"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"monitoring_event_firings\" DROP CONSTRAINT \"FK_1e4c1a789b996cc479d68c9469c\"");
    await q.query("ALTER TABLE \"monitoring_event_firings\" DROP CONSTRAINT \"FK_a91980c35a3b9fcd83f62706263\"");
    await q.query("ALTER TABLE \"monitoring_events\" DROP COLUMN \"acknowledge_note\"");
    await q.query("DROP INDEX \"public\".\"IDX_1e4c1a789b996cc479d68c9469\"");
    await q.query("DROP TABLE \"monitoring_event_firings\"");
  }
}
