import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795556885027 implements MigrationInterface {
  name = 'Notifications1795556885027';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"notifications\" (\"id\" SERIAL NOT NULL, \"user_id\" integer NOT NULL, \"institute_id\" integer NOT NULL, \"kind\" character varying(32) NOT NULL, \"line_id\" integer, \"event_id\" integer, \"validation_id\" integer, \"vial_id\" integer, \"record_id\" integer, \"title\" character varying(300) NOT NULL, \"link\" character varying(300) NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), \"in_app\" boolean NOT NULL DEFAULT true, \"read_at\" TIMESTAMP WITH TIME ZONE, \"email\" character varying(12) NOT NULL DEFAULT 'none', \"digest_at\" TIMESTAMP WITH TIME ZONE, \"emailed_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_6a72c3c0f683f6462415e653c3a\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_notifications_unsent\" ON \"notifications\"  (\"created_at\") WHERE email = 'immediate' AND emailed_at IS NULL");
    await q.query("CREATE INDEX \"IDX_notifications_digest_due\" ON \"notifications\"  (\"digest_at\") WHERE email = 'digest' AND emailed_at IS NULL");
    await q.query("CREATE INDEX \"IDX_notifications_unread\" ON \"notifications\"  (\"user_id\") WHERE read_at IS NULL AND in_app");
    await q.query("CREATE INDEX \"IDX_dc31b33b2a539bc9e96d9b28b3\" ON \"notifications\"  (\"user_id\", \"created_at\", \"id\") ");
    await q.query("CREATE TABLE \"notification_settings\" (\"user_id\" integer NOT NULL, \"institute_id\" integer NOT NULL, \"kind\" character varying(32) NOT NULL, \"in_app\" boolean NOT NULL, \"email\" character varying(12) NOT NULL, CONSTRAINT \"PK_b6f0eaa5deb7b95b34a99328a65\" PRIMARY KEY (\"user_id\", \"institute_id\", \"kind\"))");
    await q.query("CREATE TABLE \"notification_causes\" (\"kind\" character varying(32) NOT NULL, \"subject\" character varying(120) NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_f30b73c354c0dc95512bfa215b9\" PRIMARY KEY (\"kind\", \"subject\"))");
    await q.query("CREATE TABLE \"unsubscribe_tokens\" (\"id\" SERIAL NOT NULL, \"token_hash\" character(64) NOT NULL, \"user_id\" integer NOT NULL, \"institute_id\" integer NOT NULL, \"kinds\" character varying(32) array NOT NULL, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_9622754f6a1b81e3f361abb6287\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"IDX_3942d40c979a1522f6e0167e48\" ON \"unsubscribe_tokens\"  (\"token_hash\") ");
    await q.query("ALTER TABLE \"institutes\" ADD \"vial_silent_days\" integer DEFAULT '14'");
    await q.query("CREATE INDEX \"IDX_ff02f4044750e6d82bcbd7efc9\" ON \"records\"  (\"vial_id\", \"upload_date\") ");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_9a8a82462cab47c73d25f49261f\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_c5754c1c22dfc47c2cdd91f966d\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_6489bf84d3e21304c7b5ac537b1\" FOREIGN KEY (\"line_id\") REFERENCES \"lines\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_6e28bd266f2b68f73f1a5d7a462\" FOREIGN KEY (\"event_id\") REFERENCES \"monitoring_events\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_476c2f39ed86d338b4ce5d8a497\" FOREIGN KEY (\"validation_id\") REFERENCES \"validations\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_44622a6f8ad683ff835db987994\" FOREIGN KEY (\"vial_id\") REFERENCES \"vials\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notifications\" ADD CONSTRAINT \"FK_94bfe44f60384824df27a890290\" FOREIGN KEY (\"record_id\") REFERENCES \"records\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notification_settings\" ADD CONSTRAINT \"FK_91a7ffebe8b406c4470845d4781\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"notification_settings\" ADD CONSTRAINT \"FK_64e4311efb0de1698e4f39e2295\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"unsubscribe_tokens\" ADD CONSTRAINT \"FK_dec19e9643bfd7118b811011d6b\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"unsubscribe_tokens\" ADD CONSTRAINT \"FK_9f09e1166d8e78be7320d5948b0\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"unsubscribe_tokens\" DROP CONSTRAINT \"FK_9f09e1166d8e78be7320d5948b0\"");
    await q.query("ALTER TABLE \"unsubscribe_tokens\" DROP CONSTRAINT \"FK_dec19e9643bfd7118b811011d6b\"");
    await q.query("ALTER TABLE \"notification_settings\" DROP CONSTRAINT \"FK_64e4311efb0de1698e4f39e2295\"");
    await q.query("ALTER TABLE \"notification_settings\" DROP CONSTRAINT \"FK_91a7ffebe8b406c4470845d4781\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_94bfe44f60384824df27a890290\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_44622a6f8ad683ff835db987994\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_476c2f39ed86d338b4ce5d8a497\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_6e28bd266f2b68f73f1a5d7a462\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_6489bf84d3e21304c7b5ac537b1\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_c5754c1c22dfc47c2cdd91f966d\"");
    await q.query("ALTER TABLE \"notifications\" DROP CONSTRAINT \"FK_9a8a82462cab47c73d25f49261f\"");
    await q.query("DROP INDEX \"public\".\"IDX_ff02f4044750e6d82bcbd7efc9\"");
    await q.query("ALTER TABLE \"institutes\" DROP COLUMN \"vial_silent_days\"");
    await q.query("DROP INDEX \"public\".\"IDX_3942d40c979a1522f6e0167e48\"");
    await q.query("DROP TABLE \"unsubscribe_tokens\"");
    await q.query("DROP TABLE \"notification_causes\"");
    await q.query("DROP TABLE \"notification_settings\"");
    await q.query("DROP INDEX \"public\".\"IDX_dc31b33b2a539bc9e96d9b28b3\"");
    await q.query("DROP INDEX \"public\".\"IDX_notifications_unread\"");
    await q.query("DROP INDEX \"public\".\"IDX_notifications_digest_due\"");
    await q.query("DROP INDEX \"public\".\"IDX_notifications_unsent\"");
    await q.query("DROP TABLE \"notifications\"");
  }
}
