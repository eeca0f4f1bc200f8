import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Issue 39. Personal access tokens that end with the events that must end them: why a token was
 * revoked (a password change or reset, the end of its single sign-on session, a staff reset of
 * the second factor, deactivation, removal from its organization, or its owner), and the single
 * sign-on session (refresh-token family) it was made in, which bounds its life. And room for
 * the users' TOTP secrets encrypted (`iv.tag.ciphertext`); the secrets themselves are encrypted
 * at start (server/domain/auth/totp-at-rest.ts): a migration has no key.
 */
export class TokensThatEnd1796300000000 implements MigrationInterface {
  name = 'TokensThatEnd1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "personal_access_tokens" ADD "revoked_reason" character varying(32)');
    await q.query('ALTER TABLE "personal_access_tokens" ADD "sso_family" uuid');
    await q.query('ALTER TABLE "users" ALTER COLUMN "totp_secret" TYPE character varying(128)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" ALTER COLUMN "totp_secret" TYPE character varying(64)');
    await q.query('ALTER TABLE "personal_access_tokens" DROP COLUMN "sso_family"');
    await q.query('ALTER TABLE "personal_access_tokens" DROP COLUMN "revoked_reason"');
  }
}
