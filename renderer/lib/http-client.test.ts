/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, queryString, send } from './http-client';

let server: Server;
let baseURL: string;
/** Each request as the server saw it. */
const seen: { method?: string; url?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method,
        url: request.url,
        type: request.headers['content-type'],
        body,
      });
      if (request.url?.startsWith('/refused')) {
        response.writeHead(422, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ detail: 'Not a line.' }));
      } else if (request.url === '/file') {
        response.writeHead(200, { 'Content-Type': 'text/csv' });
        response.write('a,b\n');
        response.end('1,2\n');
      } else if (request.url === '/empty') {
        response.writeHead(204).end();
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ ok: true }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (seen.length = 0));

it('writes query parameters as the server reads them, leaving out the unset ones', () => {
  expect(
    queryString({
      page: 0,
      line: null,
      label: undefined,
      ordering: '-date',
      date__gte: new Date('2026-01-02T03:04:05Z'),
      ids: [1, 2],
    }),
  ).toBe('?page=0&ordering=-date&date__gte=2026-01-02T03%3A04%3A05.000Z&ids%5B%5D=1&ids%5B%5D=2');
  expect(queryString({})).toBe('');
  expect(queryString(undefined)).toBe('');
});

it('sends JSON and reads JSON back', async () => {
  const { data, status } = await send({ method: 'POST', url: '/x', baseURL, data: { a: 1 } });
  expect({ data, status }).toEqual({ data: { ok: true }, status: 200 });
  expect(seen).toEqual([{ method: 'POST', url: '/x', type: 'application/json', body: '{"a":1}' }]);
});

it("rejects an error status with the server's answer, for a file asked for too", async () => {
  const refused = await send({ url: '/refused', baseURL, responseType: 'blob' }).catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(HttpError);
  expect((refused as HttpError).response).toMatchObject({
    status: 422,
    data: { detail: 'Not a line.' },
  });
});

it('rejects without an answer when nothing answers', async () => {
  const closed = await send({ url: '/x', baseURL: 'http://127.0.0.1:9' }).catch(
    (error: unknown) => error,
  );
  expect(closed).toBeInstanceOf(HttpError);
  expect((closed as HttpError).response).toBeUndefined();
});

it('reads a file with its progress, and an empty answer as empty', async () => {
  const progress: number[] = [];
  const file = await send<Blob>({
    url: '/file',
    baseURL,
    responseType: 'blob',
    onDownloadProgress: ({ loaded }) => progress.push(loaded),
  });
  expect(await file.data.text()).toBe('a,b\n1,2\n');
  expect(file.headers.get('Content-Type')).toBe('text/csv');
  expect(progress.at(-1)).toBe(8);
  expect((await send({ method: 'DELETE', url: '/empty', baseURL })).data).toBe('');
});
