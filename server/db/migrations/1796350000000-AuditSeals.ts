import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Audit seals (issue 39; server/domain/audit/seal.ts).
 *
 * - `audit_seals`: the application's seal of each audit entry, an HMAC-SHA256 under AUDIT_KEY (a
 *   key the database never holds) over the entry's content, the hash it had when sealed and the
 *   seal of the entry before it in its chain. Computed in Node, never by a database function;
 *   append-only like `audit_events` (a trigger refuses UPDATE, DELETE and TRUNCATE).
 * - `audit_refuse_change` names the table it refuses a change on.
 * - `audit_row` masks an explicit list of secret columns instead of every column whose name
 *   looks like one: `password_login_allowed` (single sign-on) is recorded with its values.
 */
export class AuditSeals1796350000000 implements MigrationInterface {
  name = 'AuditSeals1796350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "audit_seals" ("chain" integer NOT NULL, "seq" bigint NOT NULL,
      "event_id" bigint NOT NULL, "hash" character(64) NOT NULL, "seal" character(64) NOT NULL,
      "sealed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_audit_seals" PRIMARY KEY ("chain", "seq"))`);
    // The verifier finds where a renumbered entry was sealed by its id.
    await q.query(`CREATE INDEX "IDX_audit_seals_event" ON "audit_seals" ("event_id")`);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The audit trail cannot be changed: % refused on %.', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER audit_seals_append_only BEFORE UPDATE OR DELETE ON audit_seals
      FOR EACH ROW EXECUTE FUNCTION audit_refuse_change()`);
    await q.query(`CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals
      FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change()`);
    await q.query(AUDIT_ROW_SECRETS_LISTED);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(AUDIT_ROW_SECRETS_BY_NAME);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The audit trail cannot be changed: % refused on audit_events.', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query('DROP TABLE "audit_seals"');
  }
}

/**
 * audit_row of migration AuditTrail with its secrets named: the password hash, the TOTP secret,
 * single sign-on's encrypted client secret and provider refresh token, token and code hashes,
 * a sign-in's PKCE verifier and nonce, a domain's verification token. A secret column added later
 * joins this list in a migration (audit-tamper.api.test.ts names the columns that look like one).
 */
const AUDIT_ROW_SECRETS_LISTED = `
      CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
        new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
        row_ jsonb := coalesce(new_row, old_row);
        left_out text[] := TG_ARGV[3:];
        secrets text[] := ARRAY['password_hash', 'totp_secret', 'client_secret_encrypted',
          'provider_refresh_encrypted', 'token_hash', 'code_hash', 'code_verifier', 'nonce',
          'verification_token'];
        changes jsonb;
        action text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'DELETE' THEN 'deleted'
                                  ELSE 'updated' END;
      BEGIN
        IF current_setting('vialqc.audit_mute', true) = TG_TABLE_NAME THEN RETURN NULL; END IF;
        -- Deleted or emptied along with a parent (a foreign key's cascade): the parent's entry
        -- tells it.
        IF pg_trigger_depth() > 1 AND TG_OP <> 'INSERT' THEN RETURN NULL; END IF;
        SELECT coalesce(jsonb_object_agg(field, CASE
            WHEN field = ANY(secrets) THEN '{"changed": true}'::jsonb
            WHEN TG_OP = 'INSERT' THEN jsonb_build_object('after', new_row->field)
            WHEN TG_OP = 'DELETE' THEN jsonb_build_object('before', old_row->field)
            ELSE jsonb_build_object('before', old_row->field, 'after', new_row->field) END), '{}')
          INTO changes
          FROM jsonb_object_keys(row_) AS field
         WHERE field <> ALL(left_out) AND field NOT IN ('created_at', 'updated_at')
           AND CASE WHEN TG_OP = 'UPDATE' THEN old_row->field IS DISTINCT FROM new_row->field
                    ELSE row_->field <> 'null'::jsonb END;
        IF TG_OP = 'UPDATE' THEN
          IF changes = '{}' THEN RETURN NULL; END IF;
          IF changes ? 'is_processed' AND (new_row->>'is_processed')::boolean THEN
            action := 'processed';
          ELSIF changes ? 'processing_error' AND new_row->>'processing_error' IS NOT NULL THEN
            action := 'processing_failed';
          ELSIF changes ? 'password_hash' THEN
            action := 'password_changed';
          END IF;
        END IF;
        INSERT INTO audit_events (institute_id, object_type, object_id, action, changes)
          VALUES (audit_institute_of(row_, TG_ARGV[2]), TG_ARGV[0], row_->>TG_ARGV[1], action,
                  changes);
        RETURN NULL;
      END $$`;

/** audit_row as migration AuditTrail wrote it (down). */
const AUDIT_ROW_SECRETS_BY_NAME = `
      CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
        new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
        row_ jsonb := coalesce(new_row, old_row);
        left_out text[] := TG_ARGV[3:];
        changes jsonb;
        action text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'DELETE' THEN 'deleted'
                                  ELSE 'updated' END;
      BEGIN
        IF current_setting('vialqc.audit_mute', true) = TG_TABLE_NAME THEN RETURN NULL; END IF;
        -- Deleted or emptied along with a parent (a foreign key's cascade): the parent's entry
        -- tells it.
        IF pg_trigger_depth() > 1 AND TG_OP <> 'INSERT' THEN RETURN NULL; END IF;
        SELECT coalesce(jsonb_object_agg(field, CASE
            WHEN field ~ '(password|secret|token|hash)' THEN '{"changed": true}'::jsonb
            WHEN TG_OP = 'INSERT' THEN jsonb_build_object('after', new_row->field)
            WHEN TG_OP = 'DELETE' THEN jsonb_build_object('before', old_row->field)
            ELSE jsonb_build_object('before', old_row->field, 'after', new_row->field) END), '{}')
          INTO changes
          FROM jsonb_object_keys(row_) AS field
         WHERE field <> ALL(left_out) AND field NOT IN ('created_at', 'updated_at')
           AND CASE WHEN TG_OP = 'UPDATE' THEN old_row->field IS DISTINCT FROM new_row->field
                    ELSE row_->field <> 'null'::jsonb END;
        IF TG_OP = 'UPDATE' THEN
          IF changes = '{}' THEN RETURN NULL; END IF;
          IF changes ? 'is_processed' AND (new_row->>'is_processed')::boolean THEN
            action := 'processed';
          ELSIF changes ? 'processing_error' AND new_row->>'processing_error' IS NOT NULL THEN
            action := 'processing_failed';
          ELSIF changes ? 'password_hash' THEN
            action := 'password_changed';
          END IF;
        END IF;
        INSERT INTO audit_events (institute_id, object_type, object_id, action, changes)
          VALUES (audit_institute_of(row_, TG_ARGV[2]), TG_ARGV[0], row_->>TG_ARGV[1], action,
                  changes);
        RETURN NULL;
      END $$`;
