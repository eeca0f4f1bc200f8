/**
 * Writes a migration with the SQL that brings the schema of the existing migrations up to the
 * entities: `npm run migration:generate -- AddSomething`. It runs against a throw-away embedded
 * PostgreSQL, so no database needs to be around.
 *
 * `-- Initial --replace` instead rewrites the one initial migration from all entities. That is
 * only for the time before the first release, while no installed database depends on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded-postgres';

async function main(): Promise<void> {
  const name = process.argv[2];
  const replace = process.argv.includes('--replace');
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    throw new Error('Usage: npm run migration:generate -- PascalCaseName');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-migration-'));
  const cluster = await startEmbeddedPostgres(path.join(dir, 'cluster'));
  try {
    const dataSource = createDataSource(cluster.url());
    await dataSource.initialize();
    const migrationsDir = path.join(__dirname, 'migrations');
    const previous = fs.readdirSync(migrationsDir).filter((f) => f.endsWith(`-${name}.ts`));
    if (replace) previous.forEach((f) => fs.rmSync(path.join(migrationsDir, f)));
    else await dataSource.runMigrations();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    if (sql.upQueries.length === 0) {
      console.log('The schema matches the entities: no migration needed.');
      return;
    }
    const stamp = Date.now();
    const quote = (q: string) => JSON.stringify(q);
    const up = sql.upQueries.map((q) => `    await q.query(${quote(q.query)});`).join('\n');
    const down = sql.downQueries
      .reverse()
      .map((q) => `    await q.query(${quote(q.query)});`)
      .join('\n');
    const file = path.join(migrationsDir, `${stamp}-${name}.ts`);
    fs.writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\n` +
        `export class ${name}${stamp} implements MigrationInterface {\n` +
        `  name = '${name}${stamp}';\n\n` +
        `  async up(q: QueryRunner): Promise<void> {\n${up}\n  }\n\n` +
        `  async down(q: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
