import type { Server } from 'node:http';

/**
 * Closing a server without cutting what it is doing: it stops accepting connections at once,
 * lets the requests under way finish (an upload half way included) for up to the grace period,
 * then cuts whatever is still open. Node keeps an idle keep-alive connection open until its
 * timeout even after `close()`, so each answer finished while closing also closes the idle ones.
 */
export function gracefulCloser(server: Server): (graceMs: number) => Promise<void> {
  let closing = false;
  server.on('request', (_req, res) => {
    res.on('finish', () => {
      // After the response's own bookkeeping marks its connection idle.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  return async (graceMs) => {
    closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([closed, graceOver]);
    clearTimeout(timer);
    server.closeAllConnections();
    await closed;
  };
}
