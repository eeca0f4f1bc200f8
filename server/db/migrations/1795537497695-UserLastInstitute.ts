import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The organization each user last chose (users.last_institute_id), gone with it. */
export class UserLastInstitute1795537497695 implements MigrationInterface {
  name = 'UserLastInstitute1795537497695';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"users\" ADD \"last_institute_id\" integer");
    await q.query("ALTER TABLE \"users\" ADD CONSTRAINT \"FK_753c4d5aef60926700b5f5d188d\" FOREIGN KEY (\"last_institute_id\") REFERENCES \"institutes\"(\"id\") ON DELETE SET NULL ON UPDATE NO ACTION");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"users\" DROP CONSTRAINT \"FK_753c4d5aef60926700b5f5d188d\"");
    await q.query("ALTER TABLE \"users\" DROP COLUMN \"last_institute_id\"");
  }
}
