import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chart series stored per record (entities/record-series.ts), gone with their record. */
export class RecordSeries1795399344898 implements MigrationInterface {
  name = 'RecordSeries1795399344898';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"record_series\" (\"record_id\" integer NOT NULL, \"kind\" character varying(16) NOT NULL, \"max_points\" integer NOT NULL, \"sha256\" character(64) NOT NULL, \"format\" integer NOT NULL, \"body\" bytea NOT NULL, CONSTRAINT \"PK_f87ec82c0d6fbf03d6c25ef62e2\" PRIMARY KEY (\"record_id\", \"kind\", \"max_points\"))");
    await q.query("ALTER TABLE \"record_series\" ADD CONSTRAINT \"FK_e354e8be087c281a150b02d432d\" FOREIGN KEY (\"record_id\") REFERENCES \"records\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"record_series\" DROP CONSTRAINT \"FK_e354e8be087c281a150b02d432d\"");
    await q.query("DROP TABLE \"record_series\"");
  }
}
