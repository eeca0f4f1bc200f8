import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second factor: each user's TOTP secret, when they confirmed it and the last time step
 * accepted (a code is used once); their hashed recovery codes; whether an organization requires
 * a second factor of its password users.
 */
export class SecondFactor1795650000000 implements MigrationInterface {
  name = 'SecondFactor1795650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"recovery_codes\" (\"id\" SERIAL NOT NULL, \"user_id\" integer NOT NULL, \"code_hash\" character(64) NOT NULL, \"used_at\" TIMESTAMP WITH TIME ZONE, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_0723b9e53961e799027d7f7ba32\" PRIMARY KEY (\"id\"))");
    await q.query("CREATE INDEX \"IDX_fb82b2ac740ca095b617afad03\" ON \"recovery_codes\"  (\"user_id\") ");
    await q.query("ALTER TABLE \"institutes\" ADD \"mfa_required\" boolean NOT NULL DEFAULT false");
    await q.query("ALTER TABLE \"users\" ADD \"totp_secret\" character varying(64)");
    await q.query("ALTER TABLE \"users\" ADD \"totp_confirmed_at\" TIMESTAMP WITH TIME ZONE");
    await q.query("ALTER TABLE \"users\" ADD \"totp_last_step\" integer");
    await q.query("ALTER TABLE \"recovery_codes\" ADD CONSTRAINT \"FK_fb82b2ac740ca095b617afad031\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"recovery_codes\" DROP CONSTRAINT \"FK_fb82b2ac740ca095b617afad031\"");
    await q.query("ALTER TABLE \"users\" DROP COLUMN \"totp_last_step\"");
    await q.query("ALTER TABLE \"users\" DROP COLUMN \"totp_confirmed_at\"");
    await q.query("ALTER TABLE \"users\" DROP COLUMN \"totp_secret\"");
    await q.query("ALTER TABLE \"institutes\" DROP COLUMN \"mfa_required\"");
    await q.query("DROP INDEX \"public\".\"IDX_fb82b2ac740ca095b617afad03\"");
    await q.query("DROP TABLE \"recovery_codes\"");
  }
}
