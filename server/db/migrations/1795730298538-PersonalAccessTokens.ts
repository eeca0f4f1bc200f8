import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Frozen: this migration holds the SQL it ran as literals. */

/**
 * personal_access_tokens (entity PersonalAccessToken): a user's tokens for integrations, bound to
 * one institute, stored as the SHA-256 of the token; gone with their user or institute.
 */
export class PersonalAccessTokens1795730298538 implements MigrationInterface {
  name = 'PersonalAccessTokens1795730298538';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"personal_access_tokens\" (\"id\" SERIAL NOT NULL, \"token_hash\" character(64) NOT NULL, \"user_id\" integer NOT NULL, \"institute_id\" integer NOT NULL, \"name\" character varying(100) NOT NULL, \"scope\" character varying(16) NOT NULL, \"expires_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"last_used_at\" TIMESTAMP WITH TIME ZONE, \"revoked_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"CHK_personal_access_token_scope\" CHECK (scope IN ('read', 'read-write')), CONSTRAINT \"PK_b6dc462fa11dbbb897eb8419735\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE UNIQUE INDEX \"IDX_aeabcd81e2cb4d39ed48753240\" ON \"personal_access_tokens\"  (\"token_hash\") ");
    await q.query("CREATE INDEX \"IDX_705e457b9b167e4779e737ca3e\" ON \"personal_access_tokens\"  (\"user_id\") ");
    await q.query("ALTER TABLE \"personal_access_tokens\" ADD CONSTRAINT \"FK_705e457b9b167e4779e737ca3ef\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await q.query("ALTER TABLE \"personal_access_tokens\" ADD CONSTRAINT \"FK_20e1a1893fd30c58f03a43a4864\" FOREIGN KEY (\"institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"personal_access_tokens\" DROP CONSTRAINT \"FK_20e1a1893fd30c58f03a43a4864\"");
    await q.query("ALTER TABLE \"personal_access_tokens\" DROP CONSTRAINT \"FK_705e457b9b167e4779e737ca3ef\"");
    await q.query("DROP INDEX \"public\".\"IDX_705e457b9b167e4779e737ca3e\"");
    await q.query("DROP INDEX \"public\".\"IDX_aeabcd81e2cb4d39ed48753240\"");
    await q.query("DROP TABLE \"personal_access_tokens\"");
  }
}
