import type { Writable } from 'node:stream';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Logger, LogFields } from '../app-context';

/**
 * A Logger writing one JSON object a line (pino): what log collectors read. Lines carry only the
 * fields callers name; the redaction below is a second line of defence for secrets a future
 * caller might pass by mistake.
 */
export function jsonLogger(destination: Writable | pino.DestinationStream): Logger {
  return adapt(
    pino(
      {
        base: { service: 'vialqc' },
        redact: { paths: REDACTED, censor: '[redacted]' },
      },
      destination,
    ),
  );
}

/** Field names never written with their value, at any depth pino's redaction reaches. */
const REDACTED = [
  'password',
  'token',
  'access',
  'refresh',
  'authorization',
  '*.password',
  '*.token',
  '*.authorization',
];

/** The process's own log: JSON on stdout, human-readable when a person watches a terminal. */
export function processLogger(): Logger {
  return jsonLogger(
    process.stdout.isTTY
      ? pretty({ colorize: true, ignore: 'pid,hostname,service' })
      : process.stdout,
  );
}

function adapt(log: pino.Logger): Logger {
  return {
    info: (message: string, fields?: LogFields) => log.info(fields ?? {}, message),
    error: (message: string, err?: unknown, fields?: LogFields) =>
      log.error({ ...fields, err }, message),
  };
}

/** For commands a person runs (backup, restore): plain lines, problems on stderr. */
export const commandLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, err) =>
    err === undefined ? console.error(message) : console.error(message, err),
};
