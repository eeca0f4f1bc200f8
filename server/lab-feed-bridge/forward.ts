/**
 * One frame to VialQC (lab-feed.md section 1): posted unchanged to `…/lab-feed/hl7` as
 * `application/hl7-v2+er7` with the bearer token; a failed connection, no answer, 429 or 5xx is
 * tried again after 0.5, 1, 2, 4, 8, 8 … s until the frame's time is up (`unavailable`);
 * 401/403/404 (or another refusal of the request itself) is `refused`. The clock is injected, so
 * tests drive the waits.
 */
import type { BridgeConfig } from './config';

/**
 * Milliseconds since some origin, and a wait the clock decides when it ends; a wait whose
 * `cancel` signal aborts never ends (nothing waits on it any more).
 */
export interface Clock {
  now(): number;
  sleep(ms: number, cancel?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, cancel) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancel?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
};

/** The waits before each retry: 0.5, 1, 2, 4, then 8 s each. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;
export const retryDelay = (retry: number) =>
  RETRY_DELAYS_MS[Math.min(retry, RETRY_DELAYS_MS.length - 1)];

export type Delivery =
  | { kind: 'ack'; body: Buffer; attempts: number }
  | { kind: 'unavailable'; why: string; attempts: number }
  | { kind: 'refused'; status: number; attempts: number };

export interface ForwardDeps {
  config: Pick<BridgeConfig, 'server' | 'token' | 'institute' | 'timeoutSeconds'>;
  fetch: typeof fetch;
  clock: Clock;
}

type Attempt =
  | { kind: 'ack'; body: Buffer }
  | { kind: 'retry'; why: string }
  | { kind: 'refused'; status: number };

const RETRIED = (status: number) => status === 429 || status >= 500;

/** One request, given up after `ms` (the clock's). */
async function attempt(frame: Buffer, deps: ForwardDeps, ms: number): Promise<Attempt> {
  const { server, institute, token } = deps.config;
  const abort = new AbortController();
  const request = (async (): Promise<Attempt> => {
    const res = await deps.fetch(`${server}/v2/institutes/${institute}/lab-feed/hl7`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/hl7-v2+er7',
      },
      body: new Uint8Array(frame),
      signal: abort.signal,
      redirect: 'error',
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 200) {
      if (body.subarray(0, 3).toString('latin1') === 'MSH') return { kind: 'ack', body };
      return { kind: 'retry', why: 'the answer was not an ACK' };
    }
    if (RETRIED(res.status)) return { kind: 'retry', why: `HTTP ${res.status}` };
    return { kind: 'refused', status: res.status };
  })().catch((error: unknown): Attempt => {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: 'retry', why: cause ? `connection failed: ${cause}` : 'connection failed' };
  });
  const answered = new AbortController();
  const timeout = deps.clock.sleep(ms, answered.signal).then((): Attempt => {
    abort.abort();
    return { kind: 'retry', why: `no answer within ${deps.config.timeoutSeconds} s` };
  });
  const first = await Promise.race([request, timeout]);
  answered.abort();
  return first;
}

/**
 * Delivers a frame that arrived at `arrivedAt` (the clock's time): the server's ACK, or why
 * none came before `arrivedAt + FEED_TIMEOUT_SECONDS`.
 */
export async function deliver(
  frame: Buffer,
  deps: ForwardDeps,
  arrivedAt: number,
): Promise<Delivery> {
  const deadline = arrivedAt + deps.config.timeoutSeconds * 1000;
  let why = `no answer within ${deps.config.timeoutSeconds} s`;
  for (let attempts = 1; ; attempts++) {
    const remaining = deadline - deps.clock.now();
    if (remaining <= 0) return { kind: 'unavailable', why, attempts: attempts - 1 };
    const result = await attempt(frame, deps, remaining);
    if (result.kind === 'ack') return { ...result, attempts };
    if (result.kind === 'refused') return { ...result, attempts };
    why = result.why;
    const wait = retryDelay(attempts - 1);
    if (deps.clock.now() + wait >= deadline) return { kind: 'unavailable', why, attempts };
    await deps.clock.sleep(wait);
  }
}
