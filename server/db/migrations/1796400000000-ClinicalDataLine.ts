import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * The optional line of a clinical data entry (method-comparison.md section 1), gone with its
 * line. The audit trigger of clinical_data (migration AuditTrail) records every column of the
 * row, so the new one is audited as it stands.
 */
export class ClinicalDataLine1796400000000 implements MigrationInterface {
  name = 'ClinicalDataLine1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"clinical_data\" ADD \"line_id\" integer");
    await q.query("CREATE INDEX \"IDX_fb03cce936e01bdb8156772911\" ON \"clinical_data\"  (\"line_id\") ");
    await q.query("ALTER TABLE \"clinical_data\" ADD CONSTRAINT \"FK_fb03cce936e01bdb8156772911b\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"clinical_data\" DROP CONSTRAINT \"FK_fb03cce936e01bdb8156772911b\"");
    await q.query("DROP INDEX \"public\".\"IDX_fb03cce936e01bdb8156772911\"");
    await q.query("ALTER TABLE \"clinical_data\" DROP COLUMN \"line_id\"");
  }
}
