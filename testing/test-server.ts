import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../server/app-context';
import { startServer, type RunningServer } from '../server/boot';
import { loadConfig, type Config } from '../server/config';
import { freePort } from '../server/db/embedded-postgres';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { Institute } from '../server/entities/institute';
import { createTestDatabase } from './database';
import { ApiClient } from './http';
import { MailCatcher } from './mail-catcher';
import { suiteLogger } from './suite-logs';

export interface TestServer extends RunningServer {
  mail: MailCatcher;
  api: ApiClient;
  dataDir: string;
  /** Logs a demo user in and answers a client carrying the access token. */
  login(email: string, password?: string): Promise<ApiClient>;
  /** The ids of the demo institutes. */
  demoInstitutes(): Promise<{ provider: number; hospital: number; courier: number }>;
}

/**
 * A real server on a free port, over its own fresh database cloned from the migrated template,
 * with the demo accounts seeded and mail going to a real SMTP listener.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  log: Logger = suiteLogger(),
): Promise<TestServer> {
  const database = await createTestDatabase();
  const mail = new MailCatcher();
  await mail.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-data-'));
  // A known port, so PUBLIC_URL (the links in e-mails) points at this very server.
  const port = String(await freePort());
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(24).toString('hex'),
      PORT: port,
      DEMO: 'accounts',
      WORKER: 'true',
      // The demo staff account signs in with its password alone, as most tests need; the
      // second factor's tests turn this on (second-factor.api.test.ts).
      MFA_REQUIRED_FOR_STAFF: 'false',
      // The tests' OpenID providers listen on http loopback (testing/oidc-provider.ts); the
      // tests of the rules that keep providers outside turn this off (issuer.api.test.ts).
      SSO_ALLOW_HTTP_LOOPBACK: 'true',
    }),
    smtpUrl: mail.url,
    // Tests run the periodic jobs with their own clock (runNotificationTick,
    // deleteExpiredMessages), never by time.
    periodicJobs: false,
    rendererDir: path.resolve(
      process.env.RENDERER_DIR ?? path.join(__dirname, '..', 'dist', 'renderer'),
    ),
    ...overrides,
  };
  const server = await startServer(config, log);
  const api = new ApiClient(server.url);
  return {
    ...server,
    mail,
    api,
    dataDir,
    async login(email, password = DEMO_PASSWORD) {
      const res = await api.form('/v2/auth/token', { username: email, password });
      if (res.status !== 200)
        throw new Error(`Login of ${email} failed: ${JSON.stringify(res.body)}`);
      return api.as(res.body.access_token);
    },
    async demoInstitutes() {
      const byName = async (name: string) =>
        (await server.ctx.db.getRepository(Institute).findOneByOrFail({ name })).id;
      return {
        provider: await byName('VialQC Provider'),
        hospital: await byName('Northfield General Hospital'),
        courier: await byName('Lakeside Courier Services'),
      };
    },
    async stop() {
      await server.stop();
      await mail.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another installation beside the test server, for a restore: its own empty (migrated) database
 * and DATA_DIR, no demo seed, and the same JWT secret, so the server's tokens are valid there
 * and reading it changes nothing (no login). `remove` drops both.
 */
export async function siblingInstallation(server: TestServer, overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-sibling-'));
  const config: Config = {
    ...server.ctx.config,
    databaseUrl: database.url,
    dataDir,
    port: await freePort(),
    demo: 'off',
    ...overrides,
  };
  return {
    config,
    async remove() {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
