import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Single sign-on (entities in server/entities/sso.ts): institute_sso (an institute's OpenID
 * Connect provider, its client secret encrypted), sso_domains (the e-mail domains each covers,
 * one institute per domain), sso_logins (a sign-in's state, PKCE verifier and nonce, then its
 * one-time code's hash) and sso_sessions (when the refresh tokens of an SSO session stop).
 */
export class SingleSignOn1795800000000 implements MigrationInterface {
  name = 'SingleSignOn1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"institute_sso\" (\"institute_id\" integer NOT NULL, \"issuer\" character varying(500) NOT NULL, \"client_id\" character varying(255) NOT NULL, \"client_secret_encrypted\" text, \"default_role\" character varying(16) NOT NULL DEFAULT 'member', \"password_login_allowed\" boolean NOT NULL DEFAULT true, \"updated_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"CHK_institute_sso_default_role\" CHECK (default_role IN ('guest', 'member', 'admin', 'owner')), CONSTRAINT \"PK_6343f5e0018ad4c40befb5ab7a4\" PRIMARY KEY (\"institute_id\"))");
    await q.query("CREATE TABLE \"sso_domains\" (\"domain\" character varying(253) NOT NULL, \"institute_id\" integer NOT NULL, CONSTRAINT \"PK_586adb1f29cd99ed778c30fb1fd\" PRIMARY KEY (\"domain\"))");
    await q.query("CREATE INDEX \"IDX_01b7eee19efbc9462f8e698308\" ON \"sso_domains\"  (\"institute_id\") ");
    await q.query("CREATE TABLE \"sso_logins\" (\"id\" SERIAL NOT NULL, \"state\" character varying(64) NOT NULL, \"institute_id\" integer NOT NULL, \"code_verifier\" character varying(128) NOT NULL, \"nonce\" character varying(64) NOT NULL, \"client\" character varying(16) NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"user_id\" integer, \"code_hash\" character(64), \"code_expires_at\" TIMESTAMP WITH TIME ZONE, \"exchanged_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_236d02c8788cf5f22b311ac773c\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"IDX_8af789ddc1eb7b50e7cb13cb55\" ON \"sso_logins\"  (\"state\") ");
    await q.query("CREATE UNIQUE INDEX \"IDX_e0c2de74a1f084b2cfd46e6c74\" ON \"sso_logins\"  (\"code_hash\") ");
    await q.query("CREATE TABLE \"sso_sessions\" (\"family\" uuid NOT NULL, \"user_id\" integer NOT NULL, \"ends_at\" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT \"PK_30cf815c39160fae9487b769a47\" PRIMARY KEY (\"family\"))");
    await q.query("ALTER TABLE \"institute_sso\" ADD CONSTRAINT \"FK_6343f5e0018ad4c40befb5ab7a4\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"sso_domains\" ADD CONSTRAINT \"FK_01b7eee19efbc9462f8e6983087\" FOREIGN KEY (\"institute_id\") REFERENCES \"institute_sso\"(\"institute_id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"sso_logins\" ADD CONSTRAINT \"FK_db0574d12402d5c12bc1e1914cd\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"sso_logins\" ADD CONSTRAINT \"FK_c56a85d551146d80aa89e899a1a\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"sso_sessions\" ADD CONSTRAINT \"FK_7ba11dd919e6618fb99fd6d6d50\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"sso_sessions\" DROP CONSTRAINT \"FK_7ba11dd919e6618fb99fd6d6d50\"");
    await q.query("ALTER TABLE \"sso_logins\" DROP CONSTRAINT \"FK_c56a85d551146d80aa89e899a1a\"");
    await q.query("ALTER TABLE \"sso_logins\" DROP CONSTRAINT \"FK_db0574d12402d5c12bc1e1914cd\"");
    await q.query("ALTER TABLE \"sso_domains\" DROP CONSTRAINT \"FK_01b7eee19efbc9462f8e6983087\"");
    await q.query("ALTER TABLE \"institute_sso\" DROP CONSTRAINT \"FK_6343f5e0018ad4c40befb5ab7a4\"");
    await q.query("DROP TABLE \"sso_sessions\"");
    await q.query("DROP INDEX \"public\".\"IDX_e0c2de74a1f084b2cfd46e6c74\"");
    await q.query("DROP INDEX \"public\".\"IDX_8af789ddc1eb7b50e7cb13cb55\"");
    await q.query("DROP TABLE \"sso_logins\"");
    await q.query("DROP INDEX \"public\".\"IDX_01b7eee19efbc9462f8e698308\"");
    await q.query("DROP TABLE \"sso_domains\"");
    await q.query("DROP TABLE \"institute_sso\"");
  }
}
