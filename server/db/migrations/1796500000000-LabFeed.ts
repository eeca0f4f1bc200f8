import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * The lab feed (lab-feed.md sections 2 to 8): each organization's sample key (encrypted), the
 * messages received (an accepted one's (sending facility, control id) unique: two copies at once
 * file one), the results (every incoming one kept in arrival order, so that a mapping's change
 * replays them; at most one current per sample and analyte), the location and result-code
 * mappings and the daily counts of the status. Mapping writes and retries are audited by the
 * server (their entries carry `refiled`), not by triggers.
 */
export class LabFeed1796500000000 implements MigrationInterface {
  name = 'LabFeed1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"lab_feed_keys\" (\"institute_id\" integer NOT NULL, \"key_encrypted\" text NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_d450648f7570c75fe2a9a006c59\" PRIMARY KEY (\"institute_id\"))");
    await q.query("CREATE TABLE \"lab_feed_messages\" (\"id\" BIGSERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"source\" character varying(8) NOT NULL, \"state\" character varying(16) NOT NULL, \"received_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"sending_facility\" text NOT NULL DEFAULT '', \"control_id\" text NOT NULL DEFAULT '', \"message_type\" text NOT NULL DEFAULT '', \"sha256\" character(64) NOT NULL, \"size\" integer NOT NULL, \"results_filed\" integer NOT NULL DEFAULT '0', \"results_pending\" integer NOT NULL DEFAULT '0', \"results_ignored\" integer NOT NULL DEFAULT '0', \"reasons\" jsonb NOT NULL DEFAULT '[]', \"extract\" jsonb, \"retries\" integer NOT NULL DEFAULT '0', \"expires_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_564025ffc1f3234fa022e306cc8\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_lab_feed_messages_institute\" ON \"lab_feed_messages\"  (\"institute_id\", \"id\") ");
    await q.query("CREATE TABLE \"lab_feed_locations\" (\"id\" SERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"code\" text NOT NULL, \"line_id\" integer, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_e871bc574cb2a7167615a2e4b4c\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"UQ_lab_feed_locations_code\" ON \"lab_feed_locations\"  (\"institute_id\", \"code\") ");
    await q.query("CREATE TABLE \"lab_feed_codes\" (\"id\" SERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"system\" text NOT NULL, \"code\" text NOT NULL, \"analyte\" character varying(16), \"units\" jsonb NOT NULL DEFAULT '{}', \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_9202157f808e8dbc21298a08f6e\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"UQ_lab_feed_codes_code\" ON \"lab_feed_codes\"  (\"institute_id\", \"system\", \"code\") ");
    await q.query("CREATE TABLE \"lab_feed_results\" (\"id\" BIGSERIAL NOT NULL, \"institute_id\" integer NOT NULL, \"sample_key\" text NOT NULL, \"analyte\" text, \"line_id\" integer, \"location\" text NOT NULL, \"code_system\" text NOT NULL, \"code\" text NOT NULL, \"code_text\" text NOT NULL, \"code_alternates\" jsonb NOT NULL DEFAULT '[]', \"value_sent\" text, \"unit_sent\" text, \"number_sent\" double precision, \"value\" double precision, \"comparator\" text, \"flag\" text, \"action\" text NOT NULL, \"status\" text NOT NULL, \"state\" text NOT NULL, \"pending_reasons\" text array NOT NULL DEFAULT '{}', \"is_current\" boolean NOT NULL DEFAULT false, \"sampled_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"received_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"source\" text NOT NULL, \"message_id\" bigint NOT NULL, \"arrival\" bigint NOT NULL, CONSTRAINT \"PK_8ab998af8514b840927f73dbc0f\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_lab_feed_results_message\" ON \"lab_feed_results\"  (\"message_id\") ");
    await q.query("CREATE INDEX \"IDX_lab_feed_results_code\" ON \"lab_feed_results\"  (\"institute_id\", \"code_system\", \"code\") ");
    await q.query("CREATE INDEX \"IDX_lab_feed_results_location\" ON \"lab_feed_results\"  (\"institute_id\", \"location\") ");
    await q.query("CREATE INDEX \"IDX_lab_feed_results_sample\" ON \"lab_feed_results\"  (\"institute_id\", \"sample_key\", \"analyte\", \"arrival\") ");
    await q.query("CREATE TABLE \"lab_feed_days\" (\"institute_id\" integer NOT NULL, \"date\" date NOT NULL, \"accepted\" integer NOT NULL DEFAULT '0', \"duplicates\" integer NOT NULL DEFAULT '0', \"rejected\" integer NOT NULL DEFAULT '0', \"retried\" integer NOT NULL DEFAULT '0', \"tests\" integer NOT NULL DEFAULT '0', \"results_filed\" integer NOT NULL DEFAULT '0', \"results_pending\" integer NOT NULL DEFAULT '0', \"last_message_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_847347110d4da304b3df164a6c8\" PRIMARY KEY (\"institute_id\", \"date\"))");
    await q.query("ALTER TABLE \"lab_feed_keys\" ADD CONSTRAINT \"FK_d450648f7570c75fe2a9a006c59\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_messages\" ADD CONSTRAINT \"FK_96a8bfe6dcf83d996d6cea3f80e\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_locations\" ADD CONSTRAINT \"FK_ab78e2ad24e3f7cefce18f7998c\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_locations\" ADD CONSTRAINT \"FK_934e57de3e7c9afabf53e6d5b90\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_codes\" ADD CONSTRAINT \"FK_4ada7e4cc6f43a1b2c7de0060a1\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_results\" ADD CONSTRAINT \"FK_7cf5c6653a37d6b8480847e1910\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_results\" ADD CONSTRAINT \"FK_33c4365f33f96a115fd5c83bcf3\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_results\" ADD CONSTRAINT \"FK_19fa0d25593622328c82cccb7dd\" FOREIGN KEY (\"message_id\") REFERENCES \"lab_feed_messages\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"lab_feed_days\" ADD CONSTRAINT \"FK_c85d1c83fd7145fb70189ed19bb\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query(`CREATE UNIQUE INDEX "UQ_lab_feed_messages_accepted"
      ON "lab_feed_messages" ("institute_id", "sending_facility", "control_id")
      WHERE "state" = 'accepted'`);
    await q.query(`CREATE INDEX "IDX_lab_feed_messages_expires"
      ON "lab_feed_messages" ("expires_at") WHERE "expires_at" IS NOT NULL`);
    // One current result per sample and analyte.
    await q.query(`CREATE UNIQUE INDEX "UQ_lab_feed_results_current"
      ON "lab_feed_results" ("institute_id", "sample_key", "analyte") WHERE "is_current"`);
    // A line's counting results by analyte and time (the data set, the daily outcomes).
    await q.query(`CREATE INDEX "IDX_lab_feed_results_line"
      ON "lab_feed_results" ("line_id", "analyte", "sampled_at") WHERE "is_current"`);
    await q.query(`CREATE INDEX "IDX_lab_feed_results_pending"
      ON "lab_feed_results" ("institute_id", "id") WHERE "state" = 'pending'`);
    // Results arrive in this order (the status rules' replay).
    await q.query('CREATE SEQUENCE "lab_feed_arrival_seq"');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP SEQUENCE "lab_feed_arrival_seq"');
    await q.query('DROP INDEX "public"."IDX_lab_feed_results_pending"');
    await q.query('DROP INDEX "public"."IDX_lab_feed_results_line"');
    await q.query('DROP INDEX "public"."UQ_lab_feed_results_current"');
    await q.query('DROP INDEX "public"."IDX_lab_feed_messages_expires"');
    await q.query('DROP INDEX "public"."UQ_lab_feed_messages_accepted"');
    await q.query("ALTER TABLE \"lab_feed_days\" DROP CONSTRAINT \"FK_c85d1c83fd7145fb70189ed19bb\"");
    await q.query("ALTER TABLE \"lab_feed_results\" DROP CONSTRAINT \"FK_19fa0d25593622328c82cccb7dd\"");
    await q.query("ALTER TABLE \"lab_feed_results\" DROP CONSTRAINT \"FK_33c4365f33f96a115fd5c83bcf3\"");
    await q.query("ALTER TABLE \"lab_feed_results\" DROP CONSTRAINT \"FK_7cf5c6653a37d6b8480847e1910\"");
    await q.query("ALTER TABLE \"lab_feed_codes\" DROP CONSTRAINT \"FK_4ada7e4cc6f43a1b2c7de0060a1\"");
    await q.query("ALTER TABLE \"lab_feed_locations\" DROP CONSTRAINT \"FK_934e57de3e7c9afabf53e6d5b90\"");
    await q.query("ALTER TABLE \"lab_feed_locations\" DROP CONSTRAINT \"FK_ab78e2ad24e3f7cefce18f7998c\"");
    await q.query("ALTER TABLE \"lab_feed_messages\" DROP CONSTRAINT \"FK_96a8bfe6dcf83d996d6cea3f80e\"");
    await q.query("ALTER TABLE \"lab_feed_keys\" DROP CONSTRAINT \"FK_d450648f7570c75fe2a9a006c59\"");
    await q.query("DROP TABLE \"lab_feed_days\"");
    await q.query("DROP INDEX \"public\".\"IDX_lab_feed_results_sample\"");
    await q.query("DROP INDEX \"public\".\"IDX_lab_feed_results_location\"");
    await q.query("DROP INDEX \"public\".\"IDX_lab_feed_results_code\"");
    await q.query("DROP INDEX \"public\".\"IDX_lab_feed_results_message\"");
    await q.query("DROP TABLE \"lab_feed_results\"");
    await q.query("DROP INDEX \"public\".\"UQ_lab_feed_codes_code\"");
    await q.query("DROP TABLE \"lab_feed_codes\"");
    await q.query("DROP INDEX \"public\".\"UQ_lab_feed_locations_code\"");
    await q.query("DROP TABLE \"lab_feed_locations\"");
    await q.query("DROP INDEX \"public\".\"IDX_lab_feed_messages_institute\"");
    await q.query("DROP TABLE \"lab_feed_messages\"");
    await q.query("DROP TABLE \"lab_feed_keys\"");
  }
}
