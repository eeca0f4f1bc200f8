import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MonitoringEvents1795538854600 implements MigrationInterface {
  name = 'MonitoringEvents1795538854600';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"monitoring_events\" (\"id\" SERIAL NOT NULL, \"line_id\" integer NOT NULL, \"rule\" character varying(16) NOT NULL, \"side\" character varying(5) NOT NULL, \"status\" character varying(12) NOT NULL DEFAULT 'open', \"opened_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"first_record_id\" integer, \"last_record_id\" integer, \"occurrences\" integer NOT NULL DEFAULT '1', \"acknowledged_by_id\" integer, \"acknowledged_at\" TIMESTAMP WITH TIME ZONE, \"closed_by_id\" integer, \"closed_at\" TIMESTAMP WITH TIME ZONE, \"resolution\" text, CONSTRAINT \"PK_bd203b18c8da5b593ed793246b7\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_70d4ea63fda2119bceefa12394\" ON \"monitoring_events\"  (\"status\", \"opened_at\") ");
    await q.query("CREATE INDEX \"IDX_9f6158e7cd231d40472cd94f19\" ON \"monitoring_events\"  (\"line_id\", \"opened_at\") ");
    await q.query("CREATE UNIQUE INDEX \"IDX_monitoring_events_unclosed\" ON \"monitoring_events\"  (\"line_id\", \"rule\") WHERE status <> 'closed'");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_31525a8c9e38aab3a17b569085d\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_bf2ef1948bd716cbc21bda475aa\" FOREIGN KEY (\"first_record_id\") REFERENCES \"records\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_7fbb7e8bb185732520fb53ab08a\" FOREIGN KEY (\"last_record_id\") REFERENCES \"records\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_4ab3347c39d94c33153784aa646\" FOREIGN KEY (\"acknowledged_by_id\") REFERENCES \"users\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"monitoring_events\" ADD CONSTRAINT \"FK_2152d8cea7fadb992b71bf8a85c\" FOREIGN KEY (\"closed_by_id\") REFERENCES \"users\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_2152d8cea7fadb992b71bf8a85c\"");
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_4ab3347c39d94c33153784aa646\"");
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_7fbb7e8bb185732520fb53ab08a\"");
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_bf2ef1948bd716cbc21bda475aa\"");
    await q.query("ALTER TABLE \"monitoring_events\" DROP CONSTRAINT \"FK_31525a8c9e38aab3a17b569085d\"");
    await q.query("DROP INDEX \"public\".\"IDX_monitoring_events_unclosed\"");
    await q.query("DROP INDEX \"public\".\"IDX_9f6158e7cd231d40472cd94f19\"");
    await q.query("DROP INDEX \"public\".\"IDX_70d4ea63fda2119bceefa12394\"");
    await q.query("DROP TABLE \"monitoring_events\"");
  }
}
