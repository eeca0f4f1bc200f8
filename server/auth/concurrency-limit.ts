import { DomainError } from '../domain/errors';

/** Why work that waited for its turn was dropped: its requester went away (nobody reads it). */
export const ABANDONED = 'The request was aborted.';

/**
 * At most `slots` of the works given run at once; the others wait their turn in order. A work
 * whose `signal` aborts while it waits is dropped (rejected with a 400 nobody will read) and
 * never runs; once running, it runs to its end.
 */
export function concurrencyLimit(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const turn = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new DomainError(400, ABANDONED));
      };
      waiting.push(start);
      signal?.addEventListener('abort', leave, { once: true });
    });

  return async function inTurn<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new DomainError(400, ABANDONED);
    if (running < slots) running += 1;
    else await turn(signal);
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so nobody can take it in between.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
