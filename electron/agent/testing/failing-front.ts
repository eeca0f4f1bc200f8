import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP front for the test server that passes every call through except run uploads, which
 * it answers with the given status and body (a server failing in production).
 */
export async function startFailingFront(target: string, status: number, body: unknown) {
  const targetUrl = new URL(target);
  const front = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.endsWith('/record-upload')) {
      req.resume();
      req.on('end', () =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
      );
      return;
    }
    const upstream = http.request(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}
