import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SERVER_PORT, MAX_UPLOAD_BYTES } from '../shared/domain/limits';

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
  /** The provider's contact details on the contact page; messages from it go to `email`. */
  support: { email: string; phone: string | null; address: string | null };
  /** Where raw vial files and reports live: DATA_DIR/blobs, or an S3 bucket (BLOB_STORE_URL). */
  blobStore: BlobStoreConfig;
  /** The desktop installers /downloads offers: a folder served here, or a page elsewhere. */
  desktopDownloads: { dir: string | undefined; url: string | undefined };
}

export type BlobStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string };

/** `s3://bucket/optional/prefix` → bucket and key prefix. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`BLOB_STORE_URL must look like s3://bucket or s3://bucket/prefix`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

/** BLOB_STORE_URL (unset or `file:` for DATA_DIR/blobs, `s3://bucket[/prefix]`) and its S3 settings. */
function blobStore(env: NodeJS.ProcessEnv): BlobStoreConfig {
  const url = env.BLOB_STORE_URL || '';
  if (!url || url === 'file:' || url === 'local') return { kind: 'local' };
  return {
    kind: 's3',
    ...parseS3Url(url),
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
  };
}

/** The repository (or installed app) root: the nearest folder above this file with package.json. */
function appRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) {
    dir = path.dirname(dir);
  }
  return dir;
}

/** A whole number of at least 1, or the fallback when unset. */
function count(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1: ${v}`);
  return n;
}

/** An http(s) address, or undefined when unset. */
function httpUrl(v: string | undefined, name: string): string | undefined {
  if (!v) return undefined;
  if (!/^https?:\/\/[^\s]+$/i.test(v) || !URL.canParse(v)) {
    throw new Error(`${name} must be an http(s) address: ${v}`);
  }
  return v;
}

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/** JWT_SECRET when given; otherwise one generated on first start and kept under DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const port = Number(env.PORT || DEFAULT_SERVER_PORT);
  const databaseUrl = env.DATABASE_URL || undefined;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    dataDir,
    databaseUrl,
    publicUrl,
    jwtSecret: jwtSecret(env, dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    demo:
      env.DEMO === 'accounts'
        ? 'accounts'
        : bool(env.DEMO, databaseUrl === undefined)
          ? 'full'
          : 'off',
    worker: bool(env.WORKER, true),
    workerConcurrency: count(
      env.WORKER_CONCURRENCY,
      'WORKER_CONCURRENCY',
      os.availableParallelism(),
    ),
    rendererDir: path.resolve(env.RENDERER_DIR || path.join(appRoot(), 'dist', 'renderer')),
    accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS || 15 * 60),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS || 14),
    maxUploadBytes: MAX_UPLOAD_BYTES,
    jobExpireSeconds: Number(env.JOB_EXPIRE_SECONDS || 300),
    jobMaintenanceSeconds: Number(env.JOB_MAINTENANCE_SECONDS || 30),
    support: {
      // The same support@{host} the app's error pages name.
      email: env.SUPPORT_EMAIL || `support@${new URL(publicUrl).hostname}`,
      phone: env.SUPPORT_PHONE || null,
      address: env.SUPPORT_ADDRESS || null,
    },
    blobStore: blobStore(env),
    desktopDownloads: {
      dir: env.DESKTOP_DOWNLOADS_DIR ? path.resolve(env.DESKTOP_DOWNLOADS_DIR) : undefined,
      url: httpUrl(env.DESKTOP_DOWNLOADS_URL, 'DESKTOP_DOWNLOADS_URL'),
    },
  };
}
