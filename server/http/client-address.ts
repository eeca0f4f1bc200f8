import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as the trusted-proxy rule gives it (`app.set('trust proxy', …)` in
 * app.ts: X-Forwarded-For is read only through proxies on loopback), and only when it is an IP
 * address: proxy-addr hands back the first untrusted X-Forwarded-For entry as it was written,
 * which may be any text. Anything else falls back to the connection's own peer. What the sign-in
 * throttle keys on and what the audit trail records as `client_address`.
 */
export function clientAddressOf(req: Pick<Request, 'ip' | 'socket'>): string {
  const forwarded = req.ip;
  if (forwarded && isIP(forwarded)) return forwarded;
  const peer = req.socket.remoteAddress;
  return peer && isIP(peer) ? peer : 'unknown';
}
