import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy, createAppProtocolHandler, resolveBuildPath } from './protocol';

let parent: string;
let root: string;

beforeAll(() => {
  parent = mkdtempSync(path.join(os.tmpdir(), 'vialqc-build-'));
  root = path.join(parent, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>VialQC</title>');
  writeFileSync(path.join(root, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(path.join(parent, 'secret.txt'), 'outside the build');
  symlinkSync(path.join(parent, 'secret.txt'), path.join(root, 'assets', 'link.js'));
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const handler = () =>
  createAppProtocolHandler(root, () => contentSecurityPolicy('https://vialqc.example.org'));
const get = (url: string, method = 'GET') => handler()(new Request(url, { method }));

describe('app:// paths', () => {
  it('map into the build folder', () => {
    expect(resolveBuildPath(root, 'app://vialqc/assets/index.js')).toBe(
      path.join(root, 'assets', 'index.js'),
    );
    expect(resolveBuildPath(root, 'app://vialqc/')).toBe(root);
  });

  it.each([
    'app://vialqc/..%2fsecret.txt',
    'app://vialqc/%2e%2e%2fsecret.txt',
    'app://vialqc/assets/..%2f..%2fsecret.txt',
    'app://vialqc/..%5csecret.txt',
    'app://vialqc/assets%5c..%5c..%5csecret.txt',
    'app://vialqc/C:/Windows/win.ini',
    'app://vialqc/%00index.html',
    'app://vialqc/%zz',
    'app://other/index.html',
    'app://vialqc.evil/index.html',
    'file:///etc/passwd',
    'https://vialqc/index.html',
  ])('%s is refused', (url) => {
    expect(resolveBuildPath(root, url)).toBeNull();
  });

  it.each([
    'app://vialqc/../secret.txt',
    'app://vialqc/%2e%2e/secret.txt',
    'app://vialqc//etc/passwd',
    'app://vialqc/%2E%2E/%2E%2E/etc/passwd',
    'app://vialqc/assets/../../secret.txt',
  ])('%s stays inside the build (the URL parser drops the dot segments)', (url) => {
    const resolved = resolveBuildPath(root, url);
    expect(resolved === null || resolved.startsWith(root + path.sep)).toBe(true);
  });
});

describe('the app:// handler', () => {
  it('serves build files with their type and the content security policy', async () => {
    const res = await get('app://vialqc/assets/index.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('console.log(1)');
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://vialqc.example.org");
    expect(csp).toContain("object-src 'none'");
  });

  it('answers app routes with index.html', async () => {
    const res = await get('app://vialqc/records/12');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>VialQC</title>');
  });

  it('serves GET only', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await get('app://vialqc/index.html', method);
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET');
    }
  });

  it.each([
    'app://vialqc/..%2fsecret.txt',
    'app://vialqc/%2e%2e%2fsecret.txt',
    'app://vialqc/..%5csecret.txt',
    'app://vialqc/../secret.txt',
    'app://vialqc/assets/link.js',
    'app://vialqc/missing.js',
  ])('%s answers 404 without reading outside the build', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('outside the build');
  });
});
