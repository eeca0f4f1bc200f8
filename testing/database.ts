import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from '../server/db/data-source';

const TEMPLATE = 'vialqc_template';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Builds the migrated template every test database is cloned from (runs once per Jest run). */
export async function prepareTemplateDatabase(adminUrl: string): Promise<void> {
  await admin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE}`);
  });
  const ds = createDataSource(withDatabase(adminUrl, TEMPLATE));
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
}

/** A fresh database for one test file, cloned from the template; `drop` removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.VIALQC_TEST_ADMIN_URL;
  if (!adminUrl) throw new Error('VIALQC_TEST_ADMIN_URL is unset: run tests through Jest.');
  const name = `vialqc_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
