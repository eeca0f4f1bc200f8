import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isCompressible, precompressFolder } from './precompression';

describe('precompressFolder', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-precompress-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };

  it('writes a brotli and a gzip variant beside each text file, in sub-folders too', async () => {
    const script = 'export const x = 1;\n'.repeat(500);
    write('assets/index-2W31v6Km.js', script);
    write('index.html', '<!doctype html>' + '<p>VialQC</p>'.repeat(100));
    await precompressFolder(dir);
    const js = path.join(dir, 'assets', 'index-2W31v6Km.js');
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
  });

  it('leaves alone what would not get smaller: tiny files and images', async () => {
    write('assets/keys-CWcA3k8U.js', 'x');
    write('assets/photo-Ab12Cd34.png', Buffer.alloc(4000, 7));
    await precompressFolder(dir);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'keys-CWcA3k8U.js',
      'photo-Ab12Cd34.png',
    ]);
  });
});

describe('isCompressible', () => {
  it('takes text formats and leaves compressed ones', () => {
    for (const file of ['a.js', 'a.mjs', 'a.css', 'index.html', 'logo.svg', 'a.json', 'a.wasm'])
      expect([file, isCompressible(file)]).toEqual([file, true]);
    for (const file of ['a.png', 'a.woff2', 'a.js.br', 'a.js.gz', 'a.jpg'])
      expect([file, isCompressible(file)]).toEqual([file, false]);
  });
});
