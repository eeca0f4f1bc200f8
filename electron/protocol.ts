import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

import { APP_HOST, APP_ORIGIN, APP_SCHEME } from '../shared/ipc/app-origin';

/** The renderer is served from app://vialqc/, a standard, secure scheme of the app's own. */
export { APP_HOST, APP_ORIGIN, APP_SCHEME };

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/**
 * The page may run only its own scripts and talk only to itself and the VialQC server; MUI's
 * emotion injects <style> elements, hence 'unsafe-inline' for styles alone.
 */
export function contentSecurityPolicy(serverUrl: string): string {
  const server = new URL(serverUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${server}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const within = (root: string, target: string) =>
  target === root || target.startsWith(root + path.sep);

/**
 * The file of the renderer build an app:// URL names, or null when the URL is not ours or its
 * path would leave the build folder (`..`, encoded `%2e%2e` or `%2f`, backslashes, drive letters,
 * NUL bytes).
 */
export function resolveBuildPath(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password)
    return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (/[\\:\0]/.test(pathname)) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, `.${pathname}`);
  return within(base, target) ? target : null;
}

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/**
 * The app:// handler: GET only, files of the build folder only; an address without a file
 * extension is an app route and gets index.html (the router takes it from there).
 */
export function createAppProtocolHandler(root: string, policy: () => string) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET' } });
    }
    const target = resolveBuildPath(root, request.url);
    if (!target) return notFound();
    const isRoute = path.extname(target) === '';
    const file = isRoute ? path.join(path.resolve(root), 'index.html') : target;
    try {
      // A symbolic link inside the build must not lead out of it either.
      if (!within(await realpath(path.resolve(root)), await realpath(file))) return notFound();
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        headers: {
          'Content-Type': MIME_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': policy(),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return notFound();
    }
  };
}
