import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SecurityHardening1795392533392 implements MigrationInterface {
  name = 'SecurityHardening1795392533392';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"auth_attempts\" (\"id\" BIGSERIAL NOT NULL, \"key\" character varying(400) NOT NULL, \"at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_d9115e02f18808834eb82b4a297\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_ac842fabb8a13856b8218a3df1\" ON \"auth_attempts\"  (\"at\") ");
    await q.query("CREATE INDEX \"IDX_9a75d1cb56a61cfbba77f17e28\" ON \"auth_attempts\"  (\"key\", \"at\") ");
    // Validation names become unique per institute, case-insensitively. Names a race made twice
    // keep the first; later ones get their id appended.
    await q.query(
      `UPDATE validations v SET name = left(v.name, 66) || ' (' || v.id || ')'
        WHERE EXISTS (SELECT 1 FROM validations w WHERE w.institute_id = v.institute_id
                        AND lower(w.name) = lower(v.name) AND w.id < v.id)`,
    );
    await q.query(
      'CREATE UNIQUE INDEX "UQ_validations_institute_lower_name" ON "validations" ("institute_id", lower("name"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."UQ_validations_institute_lower_name"');
    await q.query("DROP INDEX \"public\".\"IDX_9a75d1cb56a61cfbba77f17e28\"");
    await q.query("DROP INDEX \"public\".\"IDX_ac842fabb8a13856b8218a3df1\"");
    await q.query("DROP TABLE \"auth_attempts\"");
  }
}
