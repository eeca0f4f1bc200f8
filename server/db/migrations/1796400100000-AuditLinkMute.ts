import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * `vialqc.audit_mute` silences a table's links too (migration AuditTrail muted its rows only):
 * a link table's entry is skipped when the mute names the link table or the table of the object
 * it links (`clinical_data` for `clinical_data_labels`). A clinical data import inserts its
 * entries and their labels by the thousand and writes one entry for the import instead.
 */
export class AuditLinkMute1796400100000 implements MigrationInterface {
  name = 'AuditLinkMute1796400100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_ jsonb := CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END;
        institute integer;
      BEGIN
        IF current_setting('vialqc.audit_mute', true)
           IN (TG_TABLE_NAME, split_part(TG_ARGV[2], '.', 1)) THEN RETURN NULL; END IF;
        IF pg_trigger_depth() > 1 AND TG_OP = 'DELETE' THEN RETURN NULL; END IF;
        institute := audit_institute_of(row_, TG_ARGV[2]);
        INSERT INTO audit_events (institute_id, object_type, object_id, action, changes)
          VALUES (institute, TG_ARGV[0], row_->>TG_ARGV[1], 'updated',
                  jsonb_build_object(TG_ARGV[3], jsonb_build_object(
                    CASE WHEN TG_OP = 'INSERT' THEN 'added' ELSE 'removed' END,
                    row_->TG_ARGV[4])));
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        row_ jsonb := CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END;
        institute integer;
      BEGIN
        IF pg_trigger_depth() > 1 AND TG_OP = 'DELETE' THEN RETURN NULL; END IF;
        institute := audit_institute_of(row_, TG_ARGV[2]);
        INSERT INTO audit_events (institute_id, object_type, object_id, action, changes)
          VALUES (institute, TG_ARGV[0], row_->>TG_ARGV[1], 'updated',
                  jsonb_build_object(TG_ARGV[3], jsonb_build_object(
                    CASE WHEN TG_OP = 'INSERT' THEN 'added' ELSE 'removed' END,
                    row_->TG_ARGV[4])));
        RETURN NULL;
      END $$`);
  }
}
