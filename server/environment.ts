import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What each environment variable the server reads may hold (README.md, Configuration), checked
 * once at start: a value that does not fit refuses the start with a message naming the variable,
 * instead of a NaN or a silent `false` surfacing later. Unset and empty both mean the default,
 * which loadConfig (config.ts) fills in.
 */

/** Turns a refusal into zod's issue, so all bad variables are named in one message. */
function parsed<T>(parse: (value: string) => T | undefined, expected: string) {
  return z.string().transform((value, ctx): T => {
    const result = parse(value.trim());
    if (result === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be ${expected}` });
      return z.NEVER;
    }
    return result;
  });
}

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  parsed(
    (value) => {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      return n >= min && n <= max ? n : undefined;
    },
    max === Number.MAX_SAFE_INTEGER
      ? `a whole number ≥ ${min}`
      : `a whole number from ${min} to ${max}`,
  );

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const yesNoWord = (value: string) => {
  const word = value.toLowerCase();
  return TRUE.includes(word) ? true : FALSE.includes(word) ? false : undefined;
};
const YES_NO = `true or false (${TRUE.join(', ')} / ${FALSE.join(', ')})`;
const yesNo = parsed(yesNoWord, YES_NO);
const demo = parsed(
  (value) => (value.toLowerCase() === 'accounts' ? ('accounts' as const) : yesNoWord(value)),
  `accounts, or ${YES_NO}`,
);

/** An absolute URL of one of the schemes, as given. */
const url = (...schemes: string[]) =>
  parsed(
    (value) =>
      URL.canParse(value) && schemes.includes(new URL(value).protocol) ? value : undefined,
    `a URL starting with ${schemes.map((s) => `${s}//`).join(' or ')}`,
  );

const text = z.string();
const email = parsed(
  (value) => (/^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined),
  'an e-mail address',
);

/** `s3://bucket/optional/prefix` → bucket and key prefix. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | undefined {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return undefined;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

/** The local folder (unset, `file:` or `local`) or an S3 bucket and prefix. */
const blobStoreUrl = parsed(
  (value) => (value === 'file:' || value === 'local' ? ('local' as const) : parseS3Url(value)),
  'file:, local, s3://bucket or s3://bucket/prefix',
);

/** 32 bytes: 64 hex digits or base64 (the SSO client secrets' key, the audit trail's key). */
const key32 = parsed((value) => {
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}, '32 bytes as 64 hex digits or in base64 (openssl rand -base64 32)');

/** DNS servers, comma-separated: an IP address, optionally with a port (127.0.0.1:5353, [::1]:53). */
const dnsServers = parsed((value) => {
  const servers = value
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  const valid = (server: string) => {
    const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(server);
    const [host, port] = bracketed
      ? [bracketed[1], bracketed[2]]
      : server.includes(':') && server.split(':').length === 2
        ? server.split(':')
        : [server, undefined];
    return isIP(host) !== 0 && (port === undefined || (Number(port) > 0 && Number(port) < 65536));
  };
  return servers.length > 0 && servers.every(valid) ? servers : undefined;
}, 'IP addresses of DNS servers, comma-separated, each optionally with :port');

const ENVIRONMENT = {
  PORT: wholeNumber(0, 65535),
  DATA_DIR: text,
  DATABASE_URL: url('postgres:', 'postgresql:'),
  PUBLIC_URL: url('http:', 'https:'),
  JWT_SECRET: text,
  SMTP_URL: url('smtp:', 'smtps:'),
  DEMO: demo,
  WORKER: yesNo,
  WORKER_CONCURRENCY: wholeNumber(1),
  RENDERER_DIR: text,
  ACCESS_TOKEN_SECONDS: wholeNumber(1),
  REFRESH_TOKEN_DAYS: wholeNumber(1),
  JOB_EXPIRE_SECONDS: wholeNumber(1),
  JOB_MAINTENANCE_SECONDS: wholeNumber(1),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(0),
  METRICS_TOKEN: text,
  BLOB_STORE_URL: blobStoreUrl,
  S3_ENDPOINT: url('http:', 'https:'),
  AWS_REGION: text,
  AWS_DEFAULT_REGION: text,
  SUPPORT_EMAIL: email,
  SUPPORT_PHONE: text,
  SUPPORT_ADDRESS: text,
  DESKTOP_DOWNLOADS_DIR: text,
  DESKTOP_DOWNLOADS_URL: url('http:', 'https:'),
  MFA_REQUIRED_FOR_STAFF: yesNo,
  SSO_SECRET_KEY: key32,
  BACKUP_ENCRYPTION_KEY: key32,
  SSO_SESSION_HOURS: wholeNumber(1, 24 * 366),
  SSO_ALLOW_HTTP_LOOPBACK: yesNo,
  SSO_DNS_SERVERS: dnsServers,
  AUDIT_KEY: key32,
};

/** Every variable may be unset. Other variables of the process are not read. */
const environmentSchema = z.object(ENVIRONMENT).partial();

export type Environment = z.output<typeof environmentSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readEnvironment(variables: NodeJS.ProcessEnv): Environment {
  const given = Object.entries(variables).filter(([, value]) => value !== '');
  const result = environmentSchema.safeParse(Object.fromEntries(given));
  if (result.success) return result.data;
  // Values are not repeated: a URL may hold a password.
  const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}.`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
