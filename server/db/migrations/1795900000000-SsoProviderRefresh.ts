import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Single sign-on sessions re-checked with the provider at each refresh (entities in
 * server/entities/sso.ts): the provider's refresh token, encrypted like the client secret, on
 * sso_logins from the callback to the exchange, then on sso_sessions, with the institute whose
 * provider signed the session in.
 */
export class SsoProviderRefresh1795900000000 implements MigrationInterface {
  name = 'SsoProviderRefresh1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"sso_logins\" ADD \"provider_refresh_encrypted\" text");
    await q.query("ALTER TABLE \"sso_sessions\" ADD \"institute_id\" integer");
    await q.query("ALTER TABLE \"sso_sessions\" ADD \"provider_refresh_encrypted\" text");
    await q.query("ALTER TABLE \"sso_sessions\" ADD CONSTRAINT \"FK_7cd0a97e3f728c5e542f4cbe7cf\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"sso_sessions\" DROP CONSTRAINT \"FK_7cd0a97e3f728c5e542f4cbe7cf\"");
    await q.query("ALTER TABLE \"sso_sessions\" DROP COLUMN \"provider_refresh_encrypted\"");
    await q.query("ALTER TABLE \"sso_sessions\" DROP COLUMN \"institute_id\"");
    await q.query("ALTER TABLE \"sso_logins\" DROP COLUMN \"provider_refresh_encrypted\"");
  }
}
