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

describe('a personal access token instead of a password', () => {
  it('is sent as the bearer token, and a refusal signs out with what to do, never refreshing', async () => {
    const seen: string[] = [];
    const refused = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      req.resume();
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"refused"}');
    });
    await new Promise<void>((resolve) => refused.listen(0, '127.0.0.1', resolve));
    server = {
      url: `http://127.0.0.1:${(refused.address() as AddressInfo).port}`,
      stop: () => new Promise<void>((resolve) => refused.close(() => resolve())),
    };
    const client = ServerClient.withToken(server.url, 'vqc_pat_abc');
    const vial = client.getVial('VV-1');
    await expect(vial).rejects.toThrow(SignedOutError);
    await expect(vial).rejects.toThrow('The access token was refused');
    expect(seen).toEqual(['GET /v2/vials/VV-1 Bearer vqc_pat_abc']);
  });

  it("is what the desktop app's agent uploads with when VIALQC_TOKEN is set, else the window's session", async () => {
    const seen: string[] = [];
    const echo = http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      req.resume();
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"refused"}');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    server = {
      url: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
      stop: () => new Promise<void>((resolve) => echo.close(() => resolve())),
    };
    const session = memoryTokenStore({ access: 'window-session', refresh: '' });
    const serverUrl = () => server!.url;
    const env = { VIALQC_TOKEN: 'vqc_pat_workstation' };
    await ServerClient.forDesktop(serverUrl, session, env)
      .getVial('VV-1')
      .catch(() => undefined);
    await ServerClient.forDesktop(serverUrl, session, {})
      .getVial('VV-2')
      .catch(() => undefined);
    expect(seen.slice(0, 2)).toEqual([
      '/v2/vials/VV-1 Bearer vqc_pat_workstation',
      '/v2/vials/VV-2 Bearer window-session',
    ]);
  });

  it('must look like one', () => {
    expect(() => ServerClient.withToken('http://127.0.0.1:1', 'my password')).toThrow(
      'This is not a VialQC access token (they start with vqc_pat_).',
    );
  });
});
