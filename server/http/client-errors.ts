import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers';

/**
 * Requests Node's HTTP parser refuses before Express sees them (a URL or headers past Node's
 * 16 KB limit, a malformed request line, headers too slow): Node's own answer is a bare status
 * line, which the UI cannot explain. These get the API's `{detail}` and its security headers.
 */
const REFUSALS = new Map([
  [
    'HPE_HEADER_OVERFLOW',
    {
      status: 431,
      reason: 'Request Header Fields Too Large',
      detail:
        'The request is too large: its address and headers may take at most 16 KB. Narrow the filters or select fewer items.',
    },
  ],
  [
    'ERR_HTTP_REQUEST_TIMEOUT',
    { status: 408, reason: 'Request Timeout', detail: 'The request took too long to arrive.' },
  ],
]);
const MALFORMED = { status: 400, reason: 'Bad Request', detail: 'The request is malformed.' };

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A peer that went away, or an answer already under way on this socket: nothing to say.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, reason, detail } = REFUSALS.get(err.code ?? '') ?? MALFORMED;
    const body = JSON.stringify({ detail });
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
  });
}
