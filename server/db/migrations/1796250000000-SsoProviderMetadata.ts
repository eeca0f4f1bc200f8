import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * The provider's configuration, discovered when the single sign-on settings are saved and kept
 * with them (server/entities/sso.ts), so that every server process signs in from it without
 * asking the provider again. Settings saved before it stay null until saved again.
 */
export class SsoProviderMetadata1796250000000 implements MigrationInterface {
  name = 'SsoProviderMetadata1796250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "institute_sso" ADD "provider_metadata" jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "institute_sso" DROP COLUMN "provider_metadata"');
  }
}
