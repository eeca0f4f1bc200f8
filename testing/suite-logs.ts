import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CLINICAL_ANALYTE_INFO } from '../shared/api/clinical-data';
import type { Logger } from '../server/app-context';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { jsonLogger } from '../server/logging/logger';

/**
 * The logs of a whole run of the API and browser suites, and the check made of them at its end
 * (issue 23: no password, token or clinical value in any log line). The global setup opens the
 * folder; every test server logs its JSON lines there (one file per Jest worker) and every test
 * client notes there the tokens the server handed it; the global teardown reads them all.
 */
const LOG_DIR_ENV = 'VIALQC_TEST_LOG_DIR';

/** Token fields of the API's answers: what a client is given and must never see in a log. */
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'access', 'refresh', 'token', 'mfa_token'];

/** Opens the run's log folder (once, in the global setup: Jest's workers inherit it). */
export function openSuiteLogs(): void {
  process.env[LOG_DIR_ENV] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-test-logs-'));
}

const logDir = (): string | undefined => process.env[LOG_DIR_ENV];

/**
 * The logger of a test server: JSON lines into the run's folder (synchronously, so a worker that
 * exits loses none), errors also on the console where a failing test shows them.
 */
export function suiteLogger(): Logger {
  const dir = logDir();
  const file = dir
    ? jsonLogger(
        pino.destination({ dest: path.join(dir, `server-${process.pid}.jsonl`), sync: true }),
      )
    : undefined;
  return {
    info: (message, fields) => file?.info(message, fields),
    error: (message, err, fields) => {
      file?.error(message, err, fields);
      console.error(message, err);
    },
  };
}

/** Notes the tokens of an answer's JSON body, for the check at the end of the run. */
export function noteTokens(body: unknown): void {
  const dir = logDir();
  if (!dir || typeof body !== 'object' || body === null) return;
  const tokens = TOKEN_FIELDS.map((field) => (body as Record<string, unknown>)[field]).filter(
    (value): value is string => typeof value === 'string' && value.length >= 16,
  );
  if (tokens.length)
    fs.appendFileSync(path.join(dir, `tokens-${process.pid}.txt`), `${tokens.join('\n')}\n`);
}

const CLINICAL_FIELDS = Object.keys(CLINICAL_ANALYTE_INFO);
const TOKEN_LIKE = /[\w.-]{16,}/g;

/** The keys of a parsed JSON value, at any depth. */
function* keysOf(value: unknown): Generator<string> {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    yield key;
    yield* keysOf(inner);
  }
}

/**
 * What the logs of a run give away: each line (file and number) holding the demo password, a
 * token the server handed out, a clinical field, or anything that is not one JSON object.
 */
export function leaksIn(dir: string): string[] {
  const files = fs.readdirSync(dir);
  const tokens = new Set(
    files
      .filter((file) => file.startsWith('tokens-'))
      .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
      .filter(Boolean),
  );
  const leaks: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.jsonl'))) {
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    for (const [k, line] of lines.entries()) {
      if (!line) continue;
      const where = `${file}:${k + 1}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        leaks.push(`${where}: not JSON`);
        continue;
      }
      if (line.includes(DEMO_PASSWORD)) leaks.push(`${where}: the demo password`);
      // Tokens are JWTs or base64url secrets: each run of such characters is looked up whole.
      if (line.match(TOKEN_LIKE)?.some((run) => tokens.has(run))) leaks.push(`${where}: a token`);
      const clinical = [...keysOf(parsed)].find((key) =>
        CLINICAL_FIELDS.some((field) => key.startsWith(field)),
      );
      if (clinical) leaks.push(`${where}: the clinical field ${clinical}`);
    }
  }
  return leaks;
}

/**
 * The check at the end of a run (global teardown): fails the run naming the first lines that give
 * something away, then removes the folder.
 */
export function checkSuiteLogs(): void {
  const dir = logDir();
  if (!dir || !fs.existsSync(dir)) return;
  const leaks = leaksIn(dir);
  if (leaks.length)
    throw new Error(
      `The servers' logs of this run give away ${leaks.length} line(s) (kept in ${dir}):\n` +
        leaks.slice(0, 20).join('\n'),
    );
  fs.rmSync(dir, { recursive: true, force: true });
}
