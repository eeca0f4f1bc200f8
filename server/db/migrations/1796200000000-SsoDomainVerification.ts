import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * Verified domains for single sign-on (issue 39; entity SsoDomain in server/entities/sso.ts): a
 * domain claim is per institute and domain, `pending` until proven (a DNS TXT record with its
 * token, or staff's approval), then `verified`; at most one institute has a domain verified.
 * Claims made before are unproven: they become pending, each with a fresh token, and sign no one
 * in until verified.
 */
export class SsoDomainVerification1796200000000 implements MigrationInterface {
  name = 'SsoDomainVerification1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "sso_domains" ADD "state" character varying(16) NOT NULL DEFAULT \'pending\'',
    );
    // A fresh random token for each claim there is (gen_random_uuid is evaluated per row).
    await q.query(
      'ALTER TABLE "sso_domains" ADD "verification_token" character varying(64) NOT NULL DEFAULT replace(gen_random_uuid()::text, \'-\', \'\')',
    );
    await q.query('ALTER TABLE "sso_domains" ALTER COLUMN "verification_token" DROP DEFAULT');
    await q.query('ALTER TABLE "sso_domains" ADD "verified_at" TIMESTAMP WITH TIME ZONE');
    await q.query('ALTER TABLE "sso_domains" ADD "verified_how" character varying(8)');
    await q.query('ALTER TABLE "sso_domains" ADD "verified_by_id" integer');
    await q.query('ALTER TABLE "sso_domains" DROP CONSTRAINT "PK_586adb1f29cd99ed778c30fb1fd"');
    await q.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "PK_1bfd1f0bb5ffd8e0bf4a9ba5ca1" PRIMARY KEY ("domain", "institute_id")',
    );
    await q.query(
      'CREATE UNIQUE INDEX "IDX_sso_domains_verified" ON "sso_domains" ("domain") WHERE state = \'verified\'',
    );
    await q.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "CHK_sso_domains_state" CHECK (state IN (\'pending\', \'verified\'))',
    );
    await q.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "CHK_sso_domains_verified_how" CHECK (verified_how IS NULL OR verified_how IN (\'dns\', \'staff\'))',
    );
    await q.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "FK_88d53a3c59941d3f91bb0c5fa36" FOREIGN KEY ("verified_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "sso_domains" DROP CONSTRAINT "FK_88d53a3c59941d3f91bb0c5fa36"');
    await q.query('ALTER TABLE "sso_domains" DROP CONSTRAINT "CHK_sso_domains_verified_how"');
    await q.query('ALTER TABLE "sso_domains" DROP CONSTRAINT "CHK_sso_domains_state"');
    await q.query('DROP INDEX "public"."IDX_sso_domains_verified"');
    await q.query('ALTER TABLE "sso_domains" DROP CONSTRAINT "PK_1bfd1f0bb5ffd8e0bf4a9ba5ca1"');
    // Back to one institute per domain: the verified claim wins, else the oldest.
    await q.query(`DELETE FROM "sso_domains" d USING "sso_domains" o
      WHERE d.domain = o.domain AND d.institute_id <> o.institute_id
        AND (o.state = 'verified' OR (d.state <> 'verified' AND o.institute_id < d.institute_id))`);
    await q.query(
      'ALTER TABLE "sso_domains" ADD CONSTRAINT "PK_586adb1f29cd99ed778c30fb1fd" PRIMARY KEY ("domain")',
    );
    await q.query('ALTER TABLE "sso_domains" DROP COLUMN "verified_by_id"');
    await q.query('ALTER TABLE "sso_domains" DROP COLUMN "verified_how"');
    await q.query('ALTER TABLE "sso_domains" DROP COLUMN "verified_at"');
    await q.query('ALTER TABLE "sso_domains" DROP COLUMN "verification_token"');
    await q.query('ALTER TABLE "sso_domains" DROP COLUMN "state"');
  }
}
