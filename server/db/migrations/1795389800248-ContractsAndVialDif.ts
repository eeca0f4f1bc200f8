import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ContractsAndVialDif1795389800248 implements MigrationInterface {
  name = 'ContractsAndVialDif1795389800248';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"contracts\" (\"id\" SERIAL NOT NULL, \"title\" character varying(255) NOT NULL, \"institute_id\" integer NOT NULL, \"start_date\" date NOT NULL, \"end_date\" date, \"status\" character varying(32) NOT NULL DEFAULT 'draft', \"notes\" text, \"customer_since\" date, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_2c7b8f3a7b1acdd49497d83d0fb\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_95f6fc50bae17b79485b395118\" ON \"contracts\"  (\"institute_id\", \"start_date\") ");
    await q.query("CREATE TABLE \"contract_files\" (\"id\" SERIAL NOT NULL, \"contract_id\" integer NOT NULL, \"file_name\" character varying(255) NOT NULL, \"sha256\" character(64) NOT NULL, \"size\" integer NOT NULL, \"uploaded_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_68778414aeddc7a56f4c2e31920\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"IDX_83575a7ef8a46377d5425bb35a\" ON \"contract_files\"  (\"contract_id\", \"file_name\") ");
    await q.query("ALTER TABLE \"vials\" ADD \"dif_sha256\" character(64)");
    await q.query("ALTER TABLE \"vials\" ADD \"dif_generated_at\" TIMESTAMP WITH TIME ZONE");
    await q.query("ALTER TABLE \"contracts\" ADD CONSTRAINT \"FK_cc725d69fd011bcb26977abec49\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"contract_files\" ADD CONSTRAINT \"FK_004389a38fce6d7f1ba52017f45\" FOREIGN KEY (\"contract_id\") REFERENCES \"contracts\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"contract_files\" DROP CONSTRAINT \"FK_004389a38fce6d7f1ba52017f45\"");
    await q.query("ALTER TABLE \"contracts\" DROP CONSTRAINT \"FK_cc725d69fd011bcb26977abec49\"");
    await q.query("ALTER TABLE \"vials\" DROP COLUMN \"dif_generated_at\"");
    await q.query("ALTER TABLE \"vials\" DROP COLUMN \"dif_sha256\"");
    await q.query("DROP INDEX \"public\".\"IDX_83575a7ef8a46377d5425bb35a\"");
    await q.query("DROP TABLE \"contract_files\"");
    await q.query("DROP INDEX \"public\".\"IDX_95f6fc50bae17b79485b395118\"");
    await q.query("DROP TABLE \"contracts\"");
  }
}
