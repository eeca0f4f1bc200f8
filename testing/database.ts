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
  if (!adminUrl) {
    throw new Error(
      'No test PostgreSQL: a test that needs the database is an API test, named *.api.test.ts ' +
        '(or *.e2e.test.ts in a browser), and runs through Jest (ARCHITECTURE.md, "Where tests go").',
    );
  }
  const name = `vialqc_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A test file's own database and a plain client on it, for tests of SQL itself (triggers). */
export interface TestDatabaseClient {
  url: string;
  pg: Client;
}

/**
 * Registers hooks that create the database and connect before the tests of the enclosing
 * block, and disconnect and drop it after them; the returned object is filled by then.
 */
export function useTestDatabaseClient(): TestDatabaseClient {
  const it = {} as TestDatabaseClient;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    it.url = db.url;
    it.pg = new Client({ connectionString: db.url });
    await it.pg.connect();
  });
  afterAll(async () => {
    await it.pg?.end();
    await drop?.();
  });
  return it;
}
