import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import 'reflect-metadata';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { prepareTemplateDatabase } from './database';
import { openSuiteLogs } from './suite-logs';

/**
 * Starts one real PostgreSQL for the whole run (embedded, or the server TEST_DATABASE_URL points
 * at) and builds a migrated template database; each test file clones it (testing/database.ts).
 * It also opens the folder the run's servers log into (testing/suite-logs.ts).
 * The api and browser projects both name this setup: Jest runs it once per project in the same
 * process, and the second call finds the database ready.
 */
export default async function globalSetup(): Promise<void> {
  openSuiteLogs();
  if (process.env.VIALQC_TEST_ADMIN_URL) return;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-pg-'));
    const cluster = await startEmbeddedPostgres(path.join(dir, 'cluster'));
    adminUrl = cluster.url();
    (globalThis as Record<string, unknown>).__vialqcTestCluster = { cluster, dir };
  }
  process.env.VIALQC_TEST_ADMIN_URL = adminUrl;
  await prepareTemplateDatabase(adminUrl);
}
