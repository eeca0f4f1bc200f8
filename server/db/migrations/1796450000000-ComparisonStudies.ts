import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Comparison studies (method-comparison.md sections 2 to 5) and their exclusions. A study's name
 * is unique in its institute case-insensitively; an entry is excluded at most once per study and
 * analyte (a null analyte, every analyte, counts as one more). Every write is audited by
 * audit_row (migration AuditTrail): a study as `comparison_study` (its frozen copy left out: the
 * approval's entry names the status, the approver and the time), an exclusion as
 * `comparison_exclusion` in its study's institute.
 */
export class ComparisonStudies1796450000000 implements MigrationInterface {
  name = 'ComparisonStudies1796450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"comparison_studies\" (\"id\" SERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"name\" character varying(255) NOT NULL, \"line_ids\" integer array NOT NULL, \"date_gte\" date NOT NULL, \"date_lt\" date NOT NULL, \"label_ids\" integer array NOT NULL DEFAULT '{}', \"confidence\" double precision NOT NULL DEFAULT '0.95', \"error_ratio\" double precision NOT NULL DEFAULT '1', \"analytes\" jsonb NOT NULL, \"status\" character varying(16) NOT NULL DEFAULT 'draft', \"created_by_id\" integer, \"created_by_name\" character varying(255) NOT NULL, \"approved_by_id\" integer, \"approved_by_name\" character varying(255), \"approved_at\" TIMESTAMP WITH TIME ZONE, \"frozen\" jsonb, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_9ec42927e87759fa392d0f58cdf\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_22634109fac3d76b7c2d4bb445\" ON \"comparison_studies\"  (\"institute_id\", \"id\") ");
    await q.query("CREATE TABLE \"comparison_study_exclusions\" (\"id\" SERIAL NOT NULL, \"study_id\" integer NOT NULL, \"clinical_data_id\" integer NOT NULL, \"analyte\" character varying(16), \"reason\" character varying(500) NOT NULL, \"created_by_id\" integer, \"created_by_name\" character varying(255) NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_0827ae998109df934d81b676ad6\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_d4c575bf973844f2760383b323\" ON \"comparison_study_exclusions\"  (\"clinical_data_id\") ");
    await q.query("CREATE INDEX \"IDX_b38cf372f7c34062b63239345a\" ON \"comparison_study_exclusions\"  (\"study_id\") ");
    await q.query("ALTER TABLE \"comparison_studies\" ADD CONSTRAINT \"FK_b81e7483b2beb10d892216aa2ca\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"comparison_studies\" ADD CONSTRAINT \"FK_5f7d0b7e2ea818c7955f442ea67\" FOREIGN KEY (\"created_by_id\") REFERENCES \"users\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"comparison_studies\" ADD CONSTRAINT \"FK_02f8fe46d0875e77ad17a5613f5\" FOREIGN KEY (\"approved_by_id\") REFERENCES \"users\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"comparison_study_exclusions\" ADD CONSTRAINT \"FK_b38cf372f7c34062b63239345a0\" FOREIGN KEY (\"study_id\") REFERENCES \"comparison_studies\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"comparison_study_exclusions\" ADD CONSTRAINT \"FK_d4c575bf973844f2760383b3232\" FOREIGN KEY (\"clinical_data_id\") REFERENCES \"clinical_data\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"comparison_study_exclusions\" ADD CONSTRAINT \"FK_6043ae603fdab54c19e49c9f020\" FOREIGN KEY (\"created_by_id\") REFERENCES \"users\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query(`CREATE UNIQUE INDEX "UQ_comparison_studies_institute_lower_name"
      ON "comparison_studies" ("institute_id", lower("name"))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_comparison_study_exclusions_entry"
      ON "comparison_study_exclusions" ("study_id", "clinical_data_id", coalesce("analyte", ''))`);
    await q.query(`CREATE TRIGGER comparison_studies_audit
      AFTER INSERT OR UPDATE OR DELETE ON comparison_studies
      FOR EACH ROW EXECUTE FUNCTION audit_row('comparison_study', 'id', 'institute_id', 'frozen')`);
    await q.query(`CREATE TRIGGER comparison_study_exclusions_audit
      AFTER INSERT OR UPDATE OR DELETE ON comparison_study_exclusions
      FOR EACH ROW EXECUTE FUNCTION audit_row('comparison_exclusion', 'id',
        'comparison_studies.study_id')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER comparison_study_exclusions_audit ON comparison_study_exclusions');
    await q.query('DROP TRIGGER comparison_studies_audit ON comparison_studies');
    await q.query('DROP INDEX "public"."UQ_comparison_study_exclusions_entry"');
    await q.query('DROP INDEX "public"."UQ_comparison_studies_institute_lower_name"');
    await q.query("ALTER TABLE \"comparison_study_exclusions\" DROP CONSTRAINT \"FK_6043ae603fdab54c19e49c9f020\"");
    await q.query("ALTER TABLE \"comparison_study_exclusions\" DROP CONSTRAINT \"FK_d4c575bf973844f2760383b3232\"");
    await q.query("ALTER TABLE \"comparison_study_exclusions\" DROP CONSTRAINT \"FK_b38cf372f7c34062b63239345a0\"");
    await q.query("ALTER TABLE \"comparison_studies\" DROP CONSTRAINT \"FK_02f8fe46d0875e77ad17a5613f5\"");
    await q.query("ALTER TABLE \"comparison_studies\" DROP CONSTRAINT \"FK_5f7d0b7e2ea818c7955f442ea67\"");
    await q.query("ALTER TABLE \"comparison_studies\" DROP CONSTRAINT \"FK_b81e7483b2beb10d892216aa2ca\"");
    await q.query("DROP INDEX \"public\".\"IDX_b38cf372f7c34062b63239345a\"");
    await q.query("DROP INDEX \"public\".\"IDX_d4c575bf973844f2760383b323\"");
    await q.query("DROP TABLE \"comparison_study_exclusions\"");
    await q.query("DROP INDEX \"public\".\"IDX_22634109fac3d76b7c2d4bb445\"");
    await q.query("DROP TABLE \"comparison_studies\"");
  }
}
