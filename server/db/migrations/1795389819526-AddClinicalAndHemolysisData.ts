import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddClinicalAndHemolysisData1795389819526 implements MigrationInterface {
  name = 'AddClinicalAndHemolysisData1795389819526';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"clinical_data\" (\"id\" SERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"date\" date NOT NULL, \"record_id\" integer, \"h_index\" double precision, \"h_index_baseline\" double precision, \"ldh\" double precision, \"ldh_baseline\" double precision, \"asat\" double precision, \"asat_baseline\" double precision, \"potassium\" double precision, \"potassium_baseline\" double precision, \"pfhb\" double precision, \"pfhb_baseline\" double precision, \"exclude_from_model\" boolean NOT NULL DEFAULT false, \"donor_sample\" boolean NOT NULL DEFAULT false, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_b0ad8cb435f47a5e71c9b452abf\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_cffa06e1c36755ef37b00d65d7\" ON \"clinical_data\"  (\"record_id\") ");
    await q.query("CREATE INDEX \"IDX_f9fa21aaafd0ace48d68327e85\" ON \"clinical_data\"  (\"institute_id\", \"date\") ");
    await q.query("CREATE TABLE \"hemolysis_data\" (\"id\" SERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"title\" character varying(255) NOT NULL, \"file_name\" character varying(255) NOT NULL, \"line_id\" integer NOT NULL, \"donor_sample\" boolean NOT NULL DEFAULT false, \"timezone_name\" character varying(64) NOT NULL, \"file_sha256\" character(64) NOT NULL, \"file_size\" bigint NOT NULL, \"upload_date\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"measurement_count\" integer NOT NULL DEFAULT '0', \"measurement_start\" TIMESTAMP WITH TIME ZONE, \"measurement_end\" TIMESTAMP WITH TIME ZONE, \"skipped_rows\" integer NOT NULL DEFAULT '0', CONSTRAINT \"PK_5df182f50a7a2764587f089d3af\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_6cf4ab35449d48204294d50acc\" ON \"hemolysis_data\"  (\"line_id\") ");
    await q.query("CREATE INDEX \"IDX_a0b49a3e029acc343c22fe70d8\" ON \"hemolysis_data\"  (\"institute_id\", \"upload_date\") ");
    await q.query("CREATE TABLE \"hemolysis_measurements\" (\"id\" BIGSERIAL NOT NULL, \"data_id\" integer NOT NULL, \"timestamp\" TIMESTAMP WITH TIME ZONE NOT NULL, \"value\" double precision NOT NULL, CONSTRAINT \"PK_109c468054fc6fe625c365e4876\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_d3c0133ae97fe732e760ca357f\" ON \"hemolysis_measurements\"  (\"data_id\", \"timestamp\") ");
    await q.query("CREATE TABLE \"clinical_data_labels\" (\"clinical_data_id\" integer NOT NULL, \"label_id\" integer NOT NULL, CONSTRAINT \"PK_508c7c8a7f53705eb497e4a40a9\" PRIMARY KEY (\"clinical_data_id\", \"label_id\"))");
    await q.query("CREATE INDEX \"IDX_96503061b80c1eabb5fb4cf68a\" ON \"clinical_data_labels\"  (\"clinical_data_id\") ");
    await q.query("CREATE INDEX \"IDX_2ca3d575bc9ebeef82c967705a\" ON \"clinical_data_labels\"  (\"label_id\") ");
    await q.query("CREATE TABLE \"hemolysis_data_labels\" (\"hemolysis_data_id\" integer NOT NULL, \"label_id\" integer NOT NULL, CONSTRAINT \"PK_d2af70d7e6510d8c94a53f4d0cf\" PRIMARY KEY (\"hemolysis_data_id\", \"label_id\"))");
    await q.query("CREATE INDEX \"IDX_8d96d8dfe0f67236888712645c\" ON \"hemolysis_data_labels\"  (\"hemolysis_data_id\") ");
    await q.query("CREATE INDEX \"IDX_c3eccf5e5cf97f0584db021323\" ON \"hemolysis_data_labels\"  (\"label_id\") ");
    await q.query("ALTER TABLE \"clinical_data\" ADD CONSTRAINT \"FK_5ad5de85c5c54741edc24bf381b\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"clinical_data\" ADD CONSTRAINT \"FK_cffa06e1c36755ef37b00d65d7e\" FOREIGN KEY (\"record_id\") REFERENCES \"records\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"hemolysis_data\" ADD CONSTRAINT \"FK_9291f477ab26ea44aa3b7f69552\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"hemolysis_data\" ADD CONSTRAINT \"FK_6cf4ab35449d48204294d50acce\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"hemolysis_measurements\" ADD CONSTRAINT \"FK_d21e39ea8a3ba52fe6fdb7f29ca\" FOREIGN KEY (\"data_id\") REFERENCES \"hemolysis_data\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"clinical_data_labels\" ADD CONSTRAINT \"FK_96503061b80c1eabb5fb4cf68a8\" FOREIGN KEY (\"clinical_data_id\") REFERENCES \"clinical_data\"(\"id\") ON DELETE CASCADE ON UPDATE CASCADE");
    await q.query("ALTER TABLE \"clinical_data_labels\" ADD CONSTRAINT \"FK_2ca3d575bc9ebeef82c967705a1\" FOREIGN KEY (\"label_id\") REFERENCES \"labels\"(\"id\") ON DELETE CASCADE ON UPDATE CASCADE");
    await q.query("ALTER TABLE \"hemolysis_data_labels\" ADD CONSTRAINT \"FK_8d96d8dfe0f67236888712645cf\" FOREIGN KEY (\"hemolysis_data_id\") REFERENCES \"hemolysis_data\"(\"id\") ON DELETE CASCADE ON UPDATE CASCADE");
    await q.query("ALTER TABLE \"hemolysis_data_labels\" ADD CONSTRAINT \"FK_c3eccf5e5cf97f0584db0213230\" FOREIGN KEY (\"label_id\") REFERENCES \"labels\"(\"id\") ON DELETE CASCADE ON UPDATE CASCADE");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"hemolysis_data_labels\" DROP CONSTRAINT \"FK_c3eccf5e5cf97f0584db0213230\"");
    await q.query("ALTER TABLE \"hemolysis_data_labels\" DROP CONSTRAINT \"FK_8d96d8dfe0f67236888712645cf\"");
    await q.query("ALTER TABLE \"clinical_data_labels\" DROP CONSTRAINT \"FK_2ca3d575bc9ebeef82c967705a1\"");
    await q.query("ALTER TABLE \"clinical_data_labels\" DROP CONSTRAINT \"FK_96503061b80c1eabb5fb4cf68a8\"");
    await q.query("ALTER TABLE \"hemolysis_measurements\" DROP CONSTRAINT \"FK_d21e39ea8a3ba52fe6fdb7f29ca\"");
    await q.query("ALTER TABLE \"hemolysis_data\" DROP CONSTRAINT \"FK_6cf4ab35449d48204294d50acce\"");
    await q.query("ALTER TABLE \"hemolysis_data\" DROP CONSTRAINT \"FK_9291f477ab26ea44aa3b7f69552\"");
    await q.query("ALTER TABLE \"clinical_data\" DROP CONSTRAINT \"FK_cffa06e1c36755ef37b00d65d7e\"");
    await q.query("ALTER TABLE \"clinical_data\" DROP CONSTRAINT \"FK_5ad5de85c5c54741edc24bf381b\"");
    await q.query("DROP INDEX \"public\".\"IDX_c3eccf5e5cf97f0584db021323\"");
    await q.query("DROP INDEX \"public\".\"IDX_8d96d8dfe0f67236888712645c\"");
    await q.query("DROP TABLE \"hemolysis_data_labels\"");
    await q.query("DROP INDEX \"public\".\"IDX_2ca3d575bc9ebeef82c967705a\"");
    await q.query("DROP INDEX \"public\".\"IDX_96503061b80c1eabb5fb4cf68a\"");
    await q.query("DROP TABLE \"clinical_data_labels\"");
    await q.query("DROP INDEX \"public\".\"IDX_d3c0133ae97fe732e760ca357f\"");
    await q.query("DROP TABLE \"hemolysis_measurements\"");
    await q.query("DROP INDEX \"public\".\"IDX_a0b49a3e029acc343c22fe70d8\"");
    await q.query("DROP INDEX \"public\".\"IDX_6cf4ab35449d48204294d50acc\"");
    await q.query("DROP TABLE \"hemolysis_data\"");
    await q.query("DROP INDEX \"public\".\"IDX_f9fa21aaafd0ace48d68327e85\"");
    await q.query("DROP INDEX \"public\".\"IDX_cffa06e1c36755ef37b00d65d7\"");
    await q.query("DROP TABLE \"clinical_data\"");
  }
}
