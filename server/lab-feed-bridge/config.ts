import { isIP } from 'node:net';

/**
 * The bridge's configuration (lab-feed.md section 1), from the environment only: a token never
 * shows on a command line. Unset and empty both mean the default; a required variable unset, or
 * a value that does not fit, is a `BridgeConfigError` naming the variable (the bridge exits 2).
 */
export interface BridgeConfig {
  /** The server's origin, without a trailing slash. */
  server: string;
  token: string;
  institute: number;
  host: string;
  port: number;
  timeoutSeconds: number;
  maxConnections: number;
}

export class BridgeConfigError extends Error {
  constructor(
    readonly variable: string,
    expected: string,
  ) {
    super(`${variable} must be ${expected}.`);
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function serverUrl(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash) return undefined;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    return url.href.replace(/\/+$/, '');
  return undefined;
}

function wholeNumber(value: string, min: number, max: number): number | undefined {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  return n >= min && n <= max ? n : undefined;
}

function seconds(value: string): number | undefined {
  const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  return n > 0 && n <= 3600 ? n : undefined;
}

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function readBridgeConfig(env: NodeJS.ProcessEnv): BridgeConfig {
  const get = <T>(
    variable: string,
    parse: (value: string) => T | undefined,
    expected: string,
    fallback?: string,
  ): T => {
    const raw = env[variable]?.trim() || fallback;
    const value = raw === undefined ? undefined : parse(raw);
    if (value === undefined) throw new BridgeConfigError(variable, expected);
    return value;
  };
  return {
    server: get(
      'VIALQC_SERVER',
      serverUrl,
      'the VialQC address, https://… (http:// only for localhost, 127.0.0.1 or ::1)',
    ),
    token: get(
      'VIALQC_TOKEN',
      (v) => (/^[\x21-\x7e]{1,512}$/.test(v) ? v : undefined),
      'a read-write personal access token of the organization (made on /account)',
    ),
    institute: get(
      'VIALQC_INSTITUTE',
      (v) => wholeNumber(v, 1, 2_147_483_647),
      "the organization's id, a whole number ≥ 1",
    ),
    host: get(
      'FEED_HOST',
      (v) => (isIP(v) || HOST_NAME.test(v) ? v : undefined),
      'an IP address or host name to listen on',
      '0.0.0.0',
    ),
    port: get('FEED_PORT', (v) => wholeNumber(v, 0, 65535), 'a port, 0 to 65535', '2575'),
    timeoutSeconds: get(
      'FEED_TIMEOUT_SECONDS',
      seconds,
      'a number of seconds above 0 and at most 3600',
      '30',
    ),
    maxConnections: get(
      'FEED_MAX_CONNECTIONS',
      (v) => wholeNumber(v, 1, 10_000),
      'a whole number from 1 to 10000',
      '32',
    ),
  };
}
