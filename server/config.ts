import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SERVER_PORT, MAX_UPLOAD_BYTES } from '../shared/domain/limits';
import { readEnvironment, type Environment } from './environment';

/** Everything the server reads from the environment; README.md lists each with its default. */
export interface Config {
  port: number;
  dataDir: string;
  /** External PostgreSQL; when unset an embedded one runs under DATA_DIR/postgres. */
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  /** Seed demo data into an empty database: everything, only institutes and users, or none. */
  demo: 'full' | 'accounts' | 'off';
  /** Run the record-processing worker inside the server process. */
  worker: boolean;
  /** Records a worker processes at once, each on a thread of its own. */
  workerConcurrency: number;
  rendererDir: string;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  maxUploadBytes: number;
  /** A processing job whose worker died is retried after this many seconds. */
  jobExpireSeconds: number;
  jobMaintenanceSeconds: number;
  /** How long a stopping server lets requests under way finish before it cuts them. */
  shutdownGraceSeconds: number;
  /** The bearer token /metrics asks for; unset: /metrics is off (404). */
  metricsToken: string | undefined;
  /** The provider's contact details on the contact page; messages from it go to `email`. */
  support: { email: string; phone: string | null; address: string | null };
  /** Where raw vial files and reports live: DATA_DIR/blobs, or an S3 bucket (BLOB_STORE_URL). */
  blobStore: BlobStoreConfig;
  /** The desktop installers /downloads offers: a folder served here, or a page elsewhere. */
  desktopDownloads: { dir: string | undefined; url: string | undefined };
  /**
   * Schedule the periodic jobs: the notifications' minute tick (time-based kinds, digests) and
   * the lab feed's daily expiry. Always on in use; the test servers turn it off and run the jobs
   * with a clock of their own.
   */
  periodicJobs: boolean;
  /**
   * Staff must sign in with a second factor (TOTP): those without one are sent to enrolment after
   * their password. On unless MFA_REQUIRED_FOR_STAFF says otherwise.
   */
  mfaRequiredForStaff: boolean;
  /**
   * Single sign-on: the key its client secrets are encrypted with, a session's longest life, and
   * whether a provider may be reached over plain http on this machine's loopback (tests, demos).
   */
  sso: { secretKey: Buffer; sessionHours: number; allowHttpLoopback: boolean };
  /**
   * SSO_DNS_SERVERS: the DNS servers (host or host:port) asked for a single sign-on domain's
   * verification record; empty: the system's resolvers.
   */
  ssoDnsServers: string[];
  /**
   * The audit trail's key (AUDIT_KEY, or generated into DATA_DIR/audit-key): entries are sealed
   * and checkpoints signed with it, and the database never holds it. `keeper`: seal every few
   * seconds and checkpoint hourly (server/domain/audit/keeper.ts); tests that tamper with the
   * trail turn it off and seal and checkpoint themselves.
   */
  audit: { key: Buffer; keeper: boolean };
}

export type BlobStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string };

/** The repository (or installed app) root: the nearest folder above this file with package.json. */
export function appRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) {
    dir = path.dirname(dir);
  }
  return dir;
}

/** JWT_SECRET when given; otherwise one generated on first start and kept under DATA_DIR. */
function jwtSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** AUDIT_KEY when given; otherwise 32 random bytes generated on first start into DATA_DIR. */
function auditKey(given: Buffer | undefined, dataDir: string): Buffer {
  if (given) return given;
  const file = path.join(dataDir, 'audit-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

/** Without SSO_SECRET_KEY: a key derived from JWT_SECRET for this one use. */
const derivedSsoKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'vialqc', 'sso client secrets', 32));

/** BLOB_STORE_URL (unset or `file:` for DATA_DIR/blobs, `s3://bucket[/prefix]`) and its S3 settings. */
function blobStore(env: Environment): BlobStoreConfig {
  const store = env.BLOB_STORE_URL ?? 'local';
  if (store === 'local') return { kind: 'local' };
  return {
    kind: 's3',
    ...store,
    endpoint: env.S3_ENDPOINT,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
  };
}

/** Reads the configuration from the environment; refuses, naming each bad variable, to start. */
export function loadConfig(variables: NodeJS.ProcessEnv = process.env): Config {
  const env = readEnvironment(variables);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const port = env.PORT ?? DEFAULT_SERVER_PORT;
  const databaseUrl = env.DATABASE_URL;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    dataDir,
    databaseUrl,
    publicUrl,
    jwtSecret: jwtSecret(env.JWT_SECRET, dataDir),
    smtpUrl: env.SMTP_URL,
    demo:
      env.DEMO === 'accounts'
        ? 'accounts'
        : (env.DEMO ?? databaseUrl === undefined)
          ? 'full'
          : 'off',
    worker: env.WORKER ?? true,
    workerConcurrency: env.WORKER_CONCURRENCY ?? os.availableParallelism(),
    rendererDir: path.resolve(env.RENDERER_DIR ?? path.join(appRoot(), 'dist', 'renderer')),
    accessTokenSeconds: env.ACCESS_TOKEN_SECONDS ?? 15 * 60,
    refreshTokenDays: env.REFRESH_TOKEN_DAYS ?? 14,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    jobExpireSeconds: env.JOB_EXPIRE_SECONDS ?? 300,
    jobMaintenanceSeconds: env.JOB_MAINTENANCE_SECONDS ?? 30,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS ?? 30,
    metricsToken: env.METRICS_TOKEN,
    support: {
      // The same support@{host} the app's error pages name.
      email: env.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
      phone: env.SUPPORT_PHONE ?? null,
      address: env.SUPPORT_ADDRESS ?? null,
    },
    blobStore: blobStore(env),
    desktopDownloads: {
      dir: env.DESKTOP_DOWNLOADS_DIR ? path.resolve(env.DESKTOP_DOWNLOADS_DIR) : undefined,
      url: env.DESKTOP_DOWNLOADS_URL,
    },
    periodicJobs: true,
    mfaRequiredForStaff: env.MFA_REQUIRED_FOR_STAFF ?? true,
    sso: {
      secretKey: env.SSO_SECRET_KEY ?? derivedSsoKey(jwtSecret(env.JWT_SECRET, dataDir)),
      sessionHours: env.SSO_SESSION_HOURS ?? 12,
      allowHttpLoopback: env.SSO_ALLOW_HTTP_LOOPBACK ?? false,
    },
    ssoDnsServers: env.SSO_DNS_SERVERS ?? [],
    audit: { key: auditKey(env.AUDIT_KEY, dataDir), keeper: true },
  };
}
