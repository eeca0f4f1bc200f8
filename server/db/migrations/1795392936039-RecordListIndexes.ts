import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes whose scan is the records lists' whole cost (bench/plans.md): every ordering ends in
 * the id tie-breaker, the tab lists share one index, and the orders by a nullable column have
 * theirs with NULLS FIRST (TypeORM cannot declare those: `synchronize: false` in the entity).
 */
export class RecordListIndexes1795392936039 implements MigrationInterface {
  name = 'RecordListIndexes1795392936039';

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"public\".\"IDX_828e44583b1a577586d5593f40\"");
    await q.query("DROP INDEX \"public\".\"IDX_b8deffeaf273fc5b29774bd2f4\"");
    await q.query("DROP INDEX \"public\".\"IDX_7f3272d831118709c8a54fe65b\"");
    await q.query("DROP INDEX \"public\".\"IDX_b3472d094bd2363cc261472965\"");
    await q.query("DROP INDEX \"public\".\"IDX_6c0693d36d83a251b06887ae0a\"");
    await q.query("CREATE INDEX \"IDX_d34eabd7c8b29db3aad25c073d\" ON \"records\"  (\"validation_id\", \"line_id\") ");
    await q.query("CREATE INDEX \"IDX_19baae262d134d8ca51ec8d062\" ON \"records\"  (\"line_id\", \"date\", \"id\") ");
    await q.query("CREATE INDEX \"IDX_bebe18509bcd2f5d96ffab6539\" ON \"records\"  (\"institute_id\", \"upload_date\", \"id\") ");
    await q.query("CREATE INDEX \"IDX_2f05fd5411feca86a012c2e4cc\" ON \"records\"  (\"institute_id\", \"date\", \"id\") ");
    await q.query("CREATE INDEX \"IDX_3b1e11c79eb2dacefaf75824bd\" ON \"records\"  (\"institute_id\", \"is_processed\", \"is_reviewed\", \"exclude\", \"hidden\", \"date\", \"id\") ");
    await q.query('CREATE INDEX "IDX_records_institute_auc" ON "records" ("institute_id", "auc" NULLS FIRST, "id")');
    await q.query('CREATE INDEX "IDX_records_line_auc" ON "records" ("line_id", "auc" NULLS FIRST, "id")');
    for (const [name, column] of [['rejection', 'rejection'], ['duration', 'duration'], ['vial', 'vial_label']]) {
      await q.query(`CREATE INDEX "IDX_records_institute_${name}" ON "records" ("institute_id", "${column}" NULLS FIRST, "id")`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of ['vial', 'duration', 'rejection']) {
      await q.query(`DROP INDEX "public"."IDX_records_institute_${name}"`);
    }
    await q.query('DROP INDEX "public"."IDX_records_line_auc"');
    await q.query('DROP INDEX "public"."IDX_records_institute_auc"');
    await q.query("DROP INDEX \"public\".\"IDX_3b1e11c79eb2dacefaf75824bd\"");
    await q.query("DROP INDEX \"public\".\"IDX_2f05fd5411feca86a012c2e4cc\"");
    await q.query("DROP INDEX \"public\".\"IDX_bebe18509bcd2f5d96ffab6539\"");
    await q.query("DROP INDEX \"public\".\"IDX_19baae262d134d8ca51ec8d062\"");
    await q.query("DROP INDEX \"public\".\"IDX_d34eabd7c8b29db3aad25c073d\"");
    await q.query("CREATE INDEX \"IDX_6c0693d36d83a251b06887ae0a\" ON \"records\" USING btree (\"institute_id\", \"date\") ");
    await q.query("CREATE INDEX \"IDX_b3472d094bd2363cc261472965\" ON \"records\" USING btree (\"institute_id\", \"upload_date\") ");
    await q.query("CREATE INDEX \"IDX_7f3272d831118709c8a54fe65b\" ON \"records\" USING btree (\"institute_id\", \"is_processed\", \"is_reviewed\") ");
    await q.query("CREATE INDEX \"IDX_b8deffeaf273fc5b29774bd2f4\" ON \"records\" USING btree (\"line_id\", \"date\") ");
    await q.query("CREATE INDEX \"IDX_828e44583b1a577586d5593f40\" ON \"records\" USING btree (\"validation_id\") ");
  }
}
