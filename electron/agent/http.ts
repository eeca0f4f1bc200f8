import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';

/** The request got no answer (refused, reset, cut, timed out): worth retrying. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string | number>;
  /** A buffer, or a stream for bodies too large to hold (its length must be in the headers). */
  body?: Buffer | Readable;
  signal?: AbortSignal;
  /** Without a byte in either direction for this long, the request counts as cut. */
  idleTimeoutMs?: number;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * One HTTP exchange over node:http (rather than fetch) so that a streamed request body is sent
 * with a Content-Length, with back-pressure, and can be cut the moment a vial is unplugged.
 * Rejects with NetworkError when no answer came, with the signal's reason when aborted.
 */
export function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  const { method, url, headers = {}, body, signal, idleTimeoutMs = 60_000 } = request;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<HttpAnswer>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (body && !Buffer.isBuffer(body)) body.destroy();
      req.destroy();
      reject(error);
    };
    const onAbort = () => fail(signal?.reason);
    const req = transport.request(url, { method, headers, timeout: idleTimeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => fail(new NetworkError(error.message)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        // The server may answer before it read everything (a refusal): stop sending.
        if (body && !Buffer.isBuffer(body) && !body.readableEnded) body.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: parseBody(Buffer.concat(chunks).toString('utf8')),
        });
      });
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('timeout', () => fail(new NetworkError(`No answer from ${url.host} in time`)));
    req.on('error', (error) => fail(new NetworkError(error.message)));
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      // A body that cannot be read (the vial went away) is not a network problem.
      body.on('error', (error) => fail(error));
      body.pipe(req);
    }
  });
}
