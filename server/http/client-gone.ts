import type { Response } from 'express';

/**
 * Aborts when the client goes away before its answer is complete, for work that is worth
 * dropping then (a sign-in still waiting for its password hash).
 */
export function clientGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}
