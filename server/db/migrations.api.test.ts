import { createTestDatabase } from '../../testing/database';
import { createDataSource } from './data-source';

// Several areas add tables and indexes in their own migrations; together they must build exactly
// the schema the entities declare, or a fresh install and a migrated one would differ.
it('builds with its migrations exactly the schema the entities declare', async () => {
  const database = await createTestDatabase();
  const dataSource = createDataSource(database.url);
  await dataSource.initialize();
  try {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
});
