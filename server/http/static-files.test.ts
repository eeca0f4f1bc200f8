import path from 'node:path';
import { cacheControlFor, chooseEncoding, servedFile } from './static-files';

describe('chooseEncoding', () => {
  const offered = ['br', 'gzip'] as const;

  it("takes brotli from a browser that lists gzip first (Chromium's and Firefox's header)", () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', offered)).toBe('br');
    expect(chooseEncoding('gzip, deflate, br', offered)).toBe('br');
  });

  it('follows the weights the client gives', () => {
    expect(chooseEncoding('br;q=0.5, gzip', offered)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', offered)).toBe('gzip');
    expect(chooseEncoding('BR;Q=1, GZIP;q=0.8', offered)).toBe('br');
    expect(chooseEncoding('*', offered)).toBe('br');
    expect(chooseEncoding('*;q=0.1, br;q=0', offered)).toBe('gzip');
  });

  it('sends the file as it is when nothing offered is accepted', () => {
    for (const header of [undefined, '', 'identity', 'deflate', 'gzip;q=0', '*;q=0', 'br;q=x'])
      expect(chooseEncoding(header, ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
    expect(chooseEncoding('gzip, br', [])).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it("keeps Vite's hashed assets for a year and revalidates everything else", () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect(cacheControlFor('/assets/index-2W31v6Km.js')).toBe(immutable);
    expect(cacheControlFor('/assets/keys--H964NCt.js')).toBe(immutable);
    expect(cacheControlFor('/assets/main-layout-qr7GteYK.css')).toBe(immutable);
    for (const unhashed of ['/index.html', '/logo.svg', '/zod-jitless.js', '/assets/plain.js'])
      expect(cacheControlFor(unhashed)).toBe('no-cache');
    expect(cacheControlFor('/other/index-2W31v6Km.js')).toBe('no-cache');
  });
});

describe('servedFile', () => {
  const root = path.resolve('/srv/renderer');

  it('names the file inside the folder', () => {
    expect(servedFile(root, '/assets/index-2W31v6Km.js')).toBe(
      path.join(root, 'assets', 'index-2W31v6Km.js'),
    );
    expect(servedFile(root, '/assets/with%20space.js')).toBe(
      path.join(root, 'assets', 'with space.js'),
    );
  });

  it('refuses source maps, dotfiles, escapes out of the folder and malformed paths', () => {
    for (const refused of [
      '/assets/index-2W31v6Km.js.map',
      '/assets/index-2W31v6Km.js%2emap',
      '/.env',
      '/assets/.hidden.js',
      '/../etc/passwd',
      '/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cwin.ini',
      '/assets/a%00.js',
      '/assets/%E0%A4%A.js',
    ])
      expect([refused, servedFile(root, refused)]).toEqual([refused, null]);
  });
});
