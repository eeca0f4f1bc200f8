import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { COMPRESS_FROM_BYTES, sendJson } from './send-json';

const large = { items: Array.from({ length: 100 }, (_, id) => ({ id, name: `Line ${id}` })) };
const small = { status: 'ok' };

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.get('/large', (req, res, next) =>
    sendJson(req, res, Buffer.from(JSON.stringify(large))).catch(next),
  );
  app.get('/small', (req, res, next) =>
    sendJson(req, res, Buffer.from(JSON.stringify(small))).catch(next),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer (no client-side decoding, unlike fetch). */
const get = (path: string, acceptEncoding?: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

it('compresses a large answer as a browser accepts it: brotli, else gzip, else as it is', async () => {
  expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(COMPRESS_FROM_BYTES);
  const br = await get('/large', 'gzip, deflate, br, zstd');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/Accept-Encoding/);
  expect(br.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(large);

  const gzip = await get('/large', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(large);

  const plain = await get('/large');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(plain.body.toString())).toEqual(large);
});

it('sends a small answer as it is', async () => {
  const answer = await get('/small', 'gzip, deflate, br, zstd');
  expect(answer.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(answer.body.toString())).toEqual(small);
});
