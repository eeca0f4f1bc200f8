import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawRequest } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { precompressFolder } from './precompression';

/** A renderer build in miniature, precompressed as `npm run build:renderer` does. */
const SCRIPT = `export const greeting = ${JSON.stringify('hello, lab '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><title>VialQC</title></head><body>${'<div></div>'.repeat(200)}<script type="module" src="/assets/index-2W31v6Km.js"></script></body></html>`;
const FILES: Record<string, string | Buffer> = {
  'index.html': INDEX,
  'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
  'assets/index-2W31v6Km.js': SCRIPT,
  // What an older build left in the folder: never sent.
  'assets/index-2W31v6Km.js.map': JSON.stringify({ version: 3, sources: ['secret.ts'] }),
  'assets/photo-Ab12Cd34.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
};

let dir: string;
/** A file beside the served folder, which no path may reach. */
let outside: string;
let server: TestServer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-static-'));
  outside = `${dir}-outside.js`;
  fs.writeFileSync(outside, 'outside the folder');
  for (const [file, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  await precompressFolder(dir);
  server = await startTestServer({ rendererDir: dir });
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside);
});

const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(server.url, urlPath, headers, method);

const CHROMIUM = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the renderer build, served', () => {
  it('sends a hashed script as brotli to a browser that takes it, kept for a year', async () => {
    const answer = await get('/assets/index-2W31v6Km.js', { 'Accept-Encoding': CHROMIUM });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip where brotli is not accepted, and the file itself where neither is', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const answer = await get('/assets/index-2W31v6Km.js', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    }
    for (const accept of [undefined, 'identity']) {
      const answer = await get(
        '/assets/index-2W31v6Km.js',
        accept ? { 'Accept-Encoding': accept } : {},
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.body.toString()).toBe(SCRIPT);
    }
  });

  it('sends index.html for app routes compressed and revalidated on every use', async () => {
    for (const route of ['/', '/login', '/record/12']) {
      const answer = await get(route, { 'Accept-Encoding': CHROMIUM });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
    }
    const first = await get('/login', { 'Accept-Encoding': 'gzip' });
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/login', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('revalidates files that keep their name, and leaves images as they are', async () => {
    const logo = await get('/logo.svg', { 'Accept-Encoding': CHROMIUM });
    expect(logo.headers['cache-control']).toBe('no-cache');
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-encoding']).toBe('br');

    const photo = await get('/assets/photo-Ab12Cd34.png', { 'Accept-Encoding': CHROMIUM });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers.vary).toBeUndefined();
    expect(photo.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers HEAD like GET, without the body', async () => {
    const answer = await get('/assets/index-2W31v6Km.js', { 'Accept-Encoding': CHROMIUM }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });

  it('never sends a source map, nor a file out of the folder', async () => {
    for (const refused of [
      '/assets/index-2W31v6Km.js.map',
      '/assets/index-2W31v6Km.js%2Emap',
      `/%2e%2e/${path.basename(outside)}`,
      `/assets/..%2f..%2f${path.basename(outside)}`,
      `/assets/..%5c..%5c${path.basename(outside)}`,
      '/assets/%E0%A4%A.js',
    ]) {
      const answer = await get(refused, { 'Accept-Encoding': CHROMIUM });
      expect([answer.status, refused]).toEqual([404, refused]);
      expect(answer.body.toString()).not.toMatch(/secret\.ts|outside the folder/);
      expect(JSON.parse(answer.body.toString())).toEqual({ detail: expect.any(String) });
    }
  });
});
