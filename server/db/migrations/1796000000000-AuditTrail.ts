import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * The audit trail (issue 22; entity in server/entities/audit-event.ts).
 *
 * - `audit_events`, append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * - Each entry is linked into its institute's chain (0 for entries of no institute) as it is
 *   inserted: the next `seq`, the previous entry's hash, and its own hash over its content and
 *   that one (`audit_event_hash`, the same function `npm run audit:verify` checks with). A
 *   transaction-scoped advisory lock per chain orders concurrent writers.
 * - Who acted comes from the transaction's `vialqc.audit` setting (the server sets it at the
 *   start of every transaction of a request or job: server/db/audit-context.ts).
 * - `audit_row` writes an entry for every insert, update and delete of an audited table, in the
 *   same transaction: a rolled-back change leaves none. Its arguments: the object type, the
 *   column of the object's id, where its institute is (a column, or `table.column` to look it up
 *   by id, several separated by commas), then columns left out (derived figures, bookkeeping).
 *   Secrets (columns named like password, secret, token, hash) are recorded as changed, never
 *   with their values. Rows deleted along with their parent (a foreign key's cascade) are covered
 *   by the parent's entry and write none.
 * - `audit_link` does the same for link tables (a label on a record, a membership): an update
 *   of the object naming what was added or removed.
 * - `vialqc.audit_mute`, set to a table's name for one transaction, silences that table's rows:
 *   a recompute of every record's stored rejection writes one summary entry instead.
 */
export class AuditTrail1796000000000 implements MigrationInterface {
  name = 'AuditTrail1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"audit_events\" (\"id\" BIGSERIAL NOT NULL, \"chain\" integer NOT NULL, \"seq\" bigint NOT NULL, \"at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"institute_id\" integer, \"actor_id\" integer, \"actor_email\" character varying(254), \"client_address\" character varying(64), \"request_id\" character varying(64), \"object_type\" character varying(32) NOT NULL, \"object_id\" character varying(255), \"action\" character varying(32) NOT NULL, \"changes\" jsonb NOT NULL DEFAULT '{}', \"prev_hash\" character(64), \"hash\" character(64) NOT NULL, CONSTRAINT \"PK_910f64d901a5c3e9878f0d4a407\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"IDX_audit_events_chain_seq\" ON \"audit_events\"  (\"chain\", \"seq\") ");
    await q.query("CREATE INDEX \"IDX_audit_events_at\" ON \"audit_events\"  (\"at\") ");
    await q.query("CREATE INDEX \"IDX_audit_events_actor\" ON \"audit_events\"  (\"actor_id\", \"id\") ");
    await q.query("CREATE INDEX \"IDX_audit_events_object\" ON \"audit_events\"  (\"object_type\", \"object_id\", \"id\") ");
    await q.query("CREATE INDEX \"IDX_audit_events_institute\" ON \"audit_events\"  (\"institute_id\", \"id\") ");

    await q.query(`
      CREATE FUNCTION audit_event_hash(e audit_events) RETURNS character(64)
      LANGUAGE sql STABLE AS $$
        SELECT encode(sha256(convert_to(jsonb_build_array(
          e.prev_hash, e.chain, e.seq,
          to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          e.institute_id, e.actor_id, e.actor_email, e.client_address, e.request_id,
          e.object_type, e.object_id, e.action, e.changes)::text, 'UTF8')), 'hex')
      $$`);

    await q.query(`
      CREATE FUNCTION audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        context jsonb := nullif(current_setting('vialqc.audit', true), '')::jsonb;
        last record;
      BEGIN
        IF NEW.actor_id IS NULL AND NEW.actor_email IS NULL AND context IS NOT NULL THEN
          NEW.actor_id := (context->>'actor_id')::int;
          NEW.actor_email := context->>'actor_email';
        END IF;
        IF context IS NOT NULL THEN
          NEW.client_address := coalesce(NEW.client_address, context->>'client_address');
          NEW.request_id := coalesce(NEW.request_id, context->>'request_id');
        END IF;
        NEW.chain := coalesce(NEW.institute_id, 0);
        PERFORM pg_advisory_xact_lock(1096173891, NEW.chain);
        SELECT seq, hash INTO last FROM audit_events
          WHERE chain = NEW.chain ORDER BY seq DESC LIMIT 1;
        NEW.seq := coalesce(last.seq, 0) + 1;
        NEW.prev_hash := last.hash;
        NEW.at := clock_timestamp();
        NEW.hash := audit_event_hash(NEW);
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_chain()`);

    await q.query(`
      CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The audit trail cannot be changed: % refused on audit_events.', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_refuse_change()`);
    await q.query(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
      FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change()`);

    // The institute of a row: a column of its own, or its parent's looked up by id.
    await q.query(`
      CREATE FUNCTION audit_institute_of(row_ jsonb, source text) RETURNS integer
      LANGUAGE plpgsql STABLE AS $$
      DECLARE
        part text;
        found integer;
      BEGIN
        IF source = '' THEN RETURN NULL; END IF;
        FOREACH part IN ARRAY string_to_array(source, ',') LOOP
          IF position('.' in part) = 0 THEN
            RETURN (row_->>part)::int;
          END IF;
          CONTINUE WHEN row_->>split_part(part, '.', 2) IS NULL;
          EXECUTE format('SELECT institute_id FROM %I WHERE id = $1', split_part(part, '.', 1))
            INTO found USING (row_->>split_part(part, '.', 2))::int;
          IF found IS NOT NULL THEN RETURN found; END IF;
        END LOOP;
        RETURN NULL;
      END $$`);

    await q.query(`
      CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
      END $$`);

    await q.query(`
      CREATE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $$
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

    for (const [table, args] of AUDITED_ROWS) {
      await q.query(`CREATE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION audit_row(${args})`);
    }
    // A data set's rows arrive by the thousand with its upload (the data set's entry tells it);
    // what is audited is a row's later edit or removal.
    await q.query(`CREATE TRIGGER hemolysis_measurements_audit
      AFTER UPDATE OR DELETE ON hemolysis_measurements
      FOR EACH ROW EXECUTE FUNCTION audit_row('hemolysis_measurement', 'id',
        'hemolysis_data.hemolysis_data_id')`);
    for (const [table, args] of AUDITED_LINKS) {
      await q.query(`CREATE TRIGGER ${table}_audit AFTER INSERT OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION audit_link(${args})`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table] of [...AUDITED_ROWS, ...AUDITED_LINKS, ['hemolysis_measurements']]) {
      await q.query(`DROP TRIGGER ${table}_audit ON ${table}`);
    }
    await q.query('DROP FUNCTION audit_link()');
    await q.query('DROP FUNCTION audit_row()');
    await q.query('DROP FUNCTION audit_institute_of(jsonb, text)');
    await q.query('DROP TABLE "audit_events"');
    await q.query('DROP FUNCTION audit_refuse_change()');
    await q.query('DROP FUNCTION audit_chain()');
    await q.query('DROP FUNCTION audit_event_hash(audit_events)');
  }
}

/** Table → audit_row's arguments: object type, id column, institute, columns left out. */
const AUDITED_ROWS: [string, string][] = [
  ['institutes', `'institute', 'id', 'id'`],
  ['users', `'user', 'id', '', 'last_institute_id', 'totp_last_step'`],
  [
    'records',
    // What processing derives from the file is the record's content, not a change to it; the
    // outcome is (is_processed, processing_error). Rejections follow the institute's settings.
    `'record', 'id', 'institute_id', 'metrics', 'auc', 'rejection', 'p_ldh', 'p_asat',
     'p_potassium', 'no_run_error', 'short_run_error', 'flatline_error', 'temperature_type',
     'outside_controlled_seconds', 'outside_excursion_seconds', 'sequence'`,
  ],
  ['lines', `'line', 'id', 'institute_id'`],
  ['vials', `'vial', 'id', 'institute_id'`],
  ['validations', `'validation', 'id', 'institute_id'`],
  ['contracts', `'contract', 'id', 'institute_id'`],
  ['labels', `'label', 'id', 'institute_id'`],
  ['analyzers', `'analyzer', 'id', 'institute_id'`],
  ['clinical_data', `'clinical_data', 'id', 'institute_id'`],
  ['hemolysis_data', `'hemolysis_data', 'id', 'institute_id', 'measurement_summary'`],
  ['reports', `'report', 'id', 'institute_id'`],
  ['comments', `'comment', 'id', 'records.record_id,validations.validation_id'`],
  // An event's run count and last run grow with every run that fires it (processing).
  ['monitoring_events', `'event', 'id', 'institute_id', 'occurrences', 'last_record_id'`],
  ['notification_settings', `'notification_settings', 'user_id', 'institute_id'`],
  ['institute_sso', `'sso', 'institute_id', 'institute_id'`],
  ['personal_access_tokens', `'access_token', 'id', 'institute_id', 'last_used_at'`],
];

/** Link table → audit_link's arguments: object type, its id, institute, field, linked value. */
const AUDITED_LINKS: [string, string][] = [
  ['user_institutes', `'user', 'user_id', 'institute_id', 'institutes', 'institute_id'`],
  ['record_labels', `'record', 'record_id', 'records.record_id', 'labels', 'label_id'`],
  ['line_labels', `'line', 'line_id', 'lines.line_id', 'labels', 'label_id'`],
  [
    'validation_lines',
    `'validation', 'validation_id', 'validations.validation_id', 'lines', 'line_id'`,
  ],
  [
    'clinical_data_labels',
    `'clinical_data', 'clinical_data_id', 'clinical_data.clinical_data_id', 'labels', 'label_id'`,
  ],
  [
    'hemolysis_data_labels',
    `'hemolysis_data', 'hemolysis_data_id', 'hemolysis_data.hemolysis_data_id', 'labels',
     'label_id'`,
  ],
  ['contract_files', `'contract', 'contract_id', 'contracts.contract_id', 'files', 'file_name'`],
  ['sso_domains', `'sso', 'institute_id', 'institute_id', 'domains', 'domain'`],
];
