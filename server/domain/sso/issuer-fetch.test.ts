import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { checkedAddress, guardedFetch, IssuerRefused, type Resolve } from './issuer-fetch';

/**
 * The guarded fetch against a real HTTP server on loopback: what it refuses it refuses before
 * any connection (http.request / https.request never called), and what it sends goes to the
 * address it checked, whatever the host name.
 */
let server: http.Server;
let port: number;
const seen: { method: string; url: string; host: string; body: string }[] = [];
/** What the server answers: set by each test. */
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host!, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
  answer = (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  };
});
afterEach(() => jest.restoreAllMocks());

/** A resolver answering fixed addresses, counting its calls. */
function resolver(addresses: string[] | Error) {
  const calls: string[] = [];
  const resolve: Resolve = (host) => {
    calls.push(host);
    return addresses instanceof Error ? Promise.reject(addresses) : Promise.resolve(addresses);
  };
  return { resolve, calls };
}

/** Spies on both request functions: a refusal must come before either. */
function connections() {
  const plain = jest.spyOn(http, 'request');
  const secure = jest.spyOn(https, 'request');
  return () => plain.mock.calls.length + secure.mock.calls.length;
}

async function refusal(promise: Promise<unknown>): Promise<IssuerRefused> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IssuerRefused);
  return err as IssuerRefused;
}

describe('without SSO_ALLOW_HTTP_LOOPBACK', () => {
  const strict = { allowHttpLoopback: false };

  it('refuses plain http, even to a public address, before resolving', async () => {
    const { resolve, calls } = resolver(['93.184.216.34']);
    const made = connections();
    const err = await refusal(guardedFetch({ ...strict, resolve })('http://issuer.example/x'));
    expect(err.kind).toBe('scheme');
    expect(err.message).toMatch(/not an https:\/\/ address/);
    expect(calls).toEqual([]);
    expect(made()).toBe(0);
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.1/',
    'https://0x7f000001/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'https://192.168.1.20/',
    'https://172.20.0.5/',
    'https://100.64.1.1/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'https://0.0.0.0/',
    'https://224.0.0.1/',
  ])('refuses %s without resolving or connecting', async (url) => {
    const { resolve, calls } = resolver(['93.184.216.34']);
    const made = connections();
    const err = await refusal(guardedFetch({ ...strict, resolve })(url));
    expect(err.kind).toBe('address');
    expect(err.message).toMatch(/public internet only/);
    expect(calls).toEqual([]);
    expect(made()).toBe(0);
  });

  it('refuses a host name that resolves to a private address, without connecting', async () => {
    const { resolve, calls } = resolver(['10.0.0.1']);
    const made = connections();
    const err = await refusal(
      guardedFetch({ ...strict, resolve })('https://sso.hospital.example/.well-known/x'),
    );
    expect(err.message).toBe(
      'sso.hospital.example resolves to 10.0.0.1, a private network address: the server sends ' +
        'requests to providers on the public internet only.',
    );
    expect(calls).toEqual(['sso.hospital.example']);
    expect(made()).toBe(0);
  });

  it('refuses a host name with one private address among public ones', async () => {
    const { resolve } = resolver(['93.184.216.34', '169.254.169.254']);
    const err = await refusal(
      checkedAddress(new URL('https://mixed.example'), { ...strict, resolve }),
    );
    expect(err.message).toMatch(/169\.254\.169\.254, a link-local address/);
  });

  it('refuses a host name that does not resolve', async () => {
    const gone = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const { resolve } = resolver(gone);
    const err = await refusal(
      checkedAddress(new URL('https://nowhere.example'), { ...strict, resolve }),
    );
    expect(err.kind).toBe('unresolved');
    expect(err.message).toBe('nowhere.example could not be resolved (ENOTFOUND).');
  });

  it('passes a host name whose every address is public, and answers the first', async () => {
    const { resolve } = resolver(['2606:4700:4700::1111', '93.184.216.34']);
    await expect(
      checkedAddress(new URL('https://login.example.org/x'), { ...strict, resolve }),
    ).resolves.toBe('2606:4700:4700::1111');
  });

  it('refuses the loopback provider the tests use', async () => {
    const made = connections();
    await refusal(guardedFetch(strict)(`http://127.0.0.1:${port}/`));
    await refusal(guardedFetch(strict)(`https://localhost:${port}/`));
    expect(made()).toBe(0);
    expect(seen).toEqual([]);
  });
});

describe('with SSO_ALLOW_HTTP_LOOPBACK', () => {
  const loose = { allowHttpLoopback: true };

  it('reaches a provider on loopback over plain http', async () => {
    // The spy the refusals rely on sees a request that is made.
    const made = connections();
    const res = await guardedFetch(loose)(`http://127.0.0.1:${port}/.well-known/x?a=1`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(made()).toBe(1);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toEqual([
      { method: 'GET', url: '/.well-known/x?a=1', host: `127.0.0.1:${port}`, body: '' },
    ]);
  });

  it('still refuses plain http to anything but loopback, and private addresses', async () => {
    const made = connections();
    const { resolve } = resolver(['93.184.216.34']);
    expect(
      (await refusal(guardedFetch({ ...loose, resolve })('http://public.example/'))).kind,
    ).toBe('scheme');
    await refusal(guardedFetch(loose)('https://10.0.0.1/'));
    await refusal(guardedFetch(loose)('http://169.254.169.254/'));
    expect(made()).toBe(0);
  });

  it('connects to the address it checked, resolving once (no second answer of DNS counts)', async () => {
    const calls: string[] = [];
    // A resolver that would rebind: loopback when checked, a private address after.
    const answers = [['127.0.0.1'], ['10.0.0.1']];
    const resolve: Resolve = (host) => {
      calls.push(host);
      return Promise.resolve(answers[calls.length - 1] ?? ['10.0.0.1']);
    };
    const res = await guardedFetch({ ...loose, resolve })(`http://issuer.test:${port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(res.status).toBe(200);
    expect(calls).toEqual(['issuer.test']);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/token',
        host: `issuer.test:${port}`,
        body: 'grant_type=authorization_code&code=c',
      },
    ]);
  });

  it('answers a redirect as it is, without following it', async () => {
    answer = (req, res) => {
      res.statusCode = 302;
      res.setHeader('location', req.url === '/start' ? '/elsewhere' : '/start');
      res.end();
    };
    const res = await guardedFetch(loose)(`http://127.0.0.1:${port}/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/elsewhere');
    expect(seen.map((s) => s.url)).toEqual(['/start']);
  });

  it('cuts an answer larger than a provider ever sends', async () => {
    answer = (_req, res) => res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
    await expect(guardedFetch(loose)(`http://127.0.0.1:${port}/big`)).rejects.toThrow(TypeError);
  });

  it('fails as fetch fails when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(guardedFetch(loose)(`http://127.0.0.1:${free}/`)).rejects.toThrow('fetch failed');
  });
});
