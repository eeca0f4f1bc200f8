import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** A folder as `npm run dist` leaves it: installers beside files that are not installers. */
function releaseFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-release-'));
  const files: Record<string, string> = {
    'VialQC-1.4.0.AppImage': 'appimage',
    'vialqc_1.4.0_amd64.deb': 'deb',
    'VialQC Setup 1.4.0.exe': 'windows installer',
    'VialQC-1.3.2.dmg': 'dmg',
    'VialQC Setup 1.4.0.exe.blockmap': 'not an installer',
    'latest.yml': 'not an installer',
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  fs.mkdirSync(path.join(dir, 'linux-unpacked.deb'));
  fs.writeFileSync(path.join(os.tmpdir(), 'vialqc-secret.exe'), 'outside the folder');
  return dir;
}

describe('/v2/downloads with DESKTOP_DOWNLOADS_DIR', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ desktopDownloads: { dir: releaseFolder(), url: undefined } });
  });
  afterAll(() => server.stop());

  it('lists the installers with version and platform, newest first, to anyone', async () => {
    const res = await server.api.get('/v2/downloads');
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('folder');
    expect(
      res.body.items.map((i: Record<string, unknown>) => [
        i.file_name,
        i.platform,
        i.format,
        i.version,
      ]),
    ).toEqual([
      ['VialQC-1.4.0.AppImage', 'linux', 'AppImage', '1.4.0'],
      ['vialqc_1.4.0_amd64.deb', 'linux', 'deb', '1.4.0'],
      ['VialQC Setup 1.4.0.exe', 'windows', 'exe', '1.4.0'],
      ['VialQC-1.3.2.dmg', 'macos', 'dmg', '1.3.2'],
    ]);
    expect(res.body.items[2]).toMatchObject({
      size_bytes: 'windows installer'.length,
      url: '/v2/downloads/VialQC%20Setup%201.4.0.exe',
    });
  });

  it('serves a listed installer as a download, and nothing else of the folder or beyond', async () => {
    const file = await server.api.get('/v2/downloads/VialQC%20Setup%201.4.0.exe');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.body).toBe('windows installer');
    for (const other of ['latest.yml', '..%2Fvialqc-secret.exe', 'missing-1.0.0.exe']) {
      const res = await server.api.get(`/v2/downloads/${other}`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('No such installer.');
    }
  });
});

describe('/v2/downloads without a folder', () => {
  let server: TestServer;
  afterEach(() => server.stop());

  it('says so when nothing is configured', async () => {
    server = await startTestServer({ desktopDownloads: { dir: undefined, url: undefined } });
    const res = await server.api.get('/v2/downloads');
    expect(res.body).toEqual({ source: 'none', url: null, items: [] });
    expect((await server.api.get('/v2/downloads/VialQC-1.4.0.AppImage')).status).toBe(404);
  });

  it('points at DESKTOP_DOWNLOADS_URL when that is configured', async () => {
    const url = 'https://downloads.vialqc.example/desktop/';
    server = await startTestServer({ desktopDownloads: { dir: undefined, url } });
    expect((await server.api.get('/v2/downloads')).body).toEqual({ source: 'url', url, items: [] });
  });
});

describe('the configuration', () => {
  it('reads the folder and the URL, and refuses a URL that is not http(s)', () => {
    const config = loadConfig({
      JWT_SECRET: 'test',
      DESKTOP_DOWNLOADS_DIR: 'release',
      DESKTOP_DOWNLOADS_URL: 'https://downloads.vialqc.example/',
    });
    expect(config.desktopDownloads).toEqual({
      dir: path.resolve('release'),
      url: 'https://downloads.vialqc.example/',
    });
    expect(() =>
      loadConfig({ JWT_SECRET: 'test', DESKTOP_DOWNLOADS_URL: 'ftp://x.example' }),
    ).toThrow('DESKTOP_DOWNLOADS_URL');
  });
});
