import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MalformedAnswerError,
  memoryTokenStore,
  ServerClient,
  SignedOutError,
} from './server-client';

/** A server on 127.0.0.1 that answers every request with this status and raw body. */
async function answering(status: number, body: string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: Awaited<ReturnType<typeof answering>> | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('server answers are parsed with the shared/api schemas', () => {
  it('a sign-in answer without tokens is refused with a clear message', async () => {
    server = await answering(200, JSON.stringify({ access_token: 'a', token_type: 'bearer' }));
    const tokens = memoryTokenStore();
    const login = ServerClient.login(server.url, 'member@example.org', 'secret', tokens);
    await expect(login).rejects.toThrow(MalformedAnswerError);
    await expect(login).rejects.toThrow(
      "The server's answer to the sign-in was not understood (refresh_token: Invalid input: expected string, received undefined).",
    );
    expect(tokens.load()).toBeNull();
  });

  it('a sign-in answer that is not JSON is refused with a clear message', async () => {
    server = await answering(200, '<html>proxy login page</html>');
    await expect(ServerClient.login(server.url, 'member@example.org', 'secret')).rejects.toThrow(
      "The server's answer to the sign-in was not understood (Invalid input: expected object, received string).",
    );
  });

  it('a vial answer that is not a vial is refused with a clear message', async () => {
    server = await answering(200, JSON.stringify({ label: 'VV-1', is_deleted: 'no' }));
    const client = new ServerClient(
      () => server!.url,
      memoryTokenStore({ access: 'a', refresh: 'r' }),
    );
    await expect(client.getVial('VV-1')).rejects.toThrow(
      "The server's answer to the vial VV-1 was not understood (id: Invalid input: expected number, received undefined).",
    );
  });

  it('a refresh answer without tokens signs the session out with a clear message', async () => {
    // Every call is 401 except the refresh, which answers 200 with a body that holds no tokens.
    const front = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const refresh = req.url === '/v2/auth/refresh';
        res
          .writeHead(refresh ? 200 : 401, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(refresh ? { access: 'new' } : { detail: 'expired' }));
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    server = { url, stop: () => new Promise<void>((resolve) => front.close(() => resolve())) };
    const tokens = memoryTokenStore({ access: 'a', refresh: 'r' });
    const vial = new ServerClient(() => url, tokens).getVial('VV-1');
    await expect(vial).rejects.toThrow(SignedOutError);
    await expect(vial).rejects.toThrow(
      "The server's answer to the session refresh was not understood (refresh: Invalid input: expected string, received undefined). Sign in again.",
    );
    expect(tokens.load()).toEqual({ access: 'a', refresh: 'r' });
  });
});
