import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
  rendererDir: string;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  maxUploadBytes: number;
  /** A processing job whose worker died is retried after this many seconds. */
  jobExpireSeconds: number;
  jobMaintenanceSeconds: number;
  /** The provider's contact details on the contact page; messages from it go to `email`. */
  support: { email: string; phone: string | null; address: string | null };
}

/** The repository (or installed app) root: the nearest folder above this file with package.json. */
function appRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) {
    dir = path.dirname(dir);
  }
  return dir;
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
  };
}
