import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer Since is never in the future (administration.md section 5), but an unset one used to
 * become the start of a first contract that had not begun, and the edit form then refused to
 * save that contract. Such dates could not be typed (the API refuses them), so each was derived:
 * they are cleared, and the next save derives the date again once the contract has begun.
 */
export class ContractCustomerSinceNotFuture1795537600000 implements MigrationInterface {
  name = 'ContractCustomerSinceNotFuture1795537600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      "UPDATE \"contracts\" SET \"customer_since\" = NULL WHERE \"customer_since\" > ((now() AT TIME ZONE 'UTC') + interval '14 hours')::date",
    );
  }

  async down(): Promise<void> {
    // The cleared dates were derived and are derived again; there is nothing to restore.
  }
}
