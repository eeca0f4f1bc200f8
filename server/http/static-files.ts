import fs from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PRECOMPRESSED } from './precompression';

/**
 * Vite names what it bundles `assets/<name>-<8-character hash>.<ext>`: a new content is a new
 * name, so such a file may be kept for good. Everything else (index.html, public files) may
 * change under its name and is revalidated on every use.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.\w+$/;

export function cacheControlFor(urlPath: string): string {
  return HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The file `urlPath` names inside `dir`, or null for what is not served: a path leaving the
 * folder, a dotfile, a malformed escape, and source maps (they give away the source; the build
 * keeps them out of the folder, see README.md, and this refuses any left in an older build).
 */
export function servedFile(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (decoded.includes('\0') || segments.some((s) => s.startsWith('.') || s.includes('\\')))
    return null;
  if (decoded.endsWith('.map')) return null;
  return path.join(dir, ...segments);
}

type Variant = (typeof PRECOMPRESSED)[number];

const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/**
 * The variants found beside each file, by the file's path, with the size and time of the file
 * they were found for: a static file costs one look at the disk, as it did before the variants.
 * (A file requested while a build is writing it, before its variants are written, is served as
 * it is until it changes again or the server restarts.)
 */
const variantsSeen = new Map<string, { version: string; offered: Variant[] }>();

/** The precompressed variants beside `file`, or null when it is no file. */
async function variantsOf(file: string): Promise<Variant[] | null> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  const version = `${stat.size}:${stat.mtimeMs}`;
  const seen = variantsSeen.get(file);
  if (seen?.version === version) return seen.offered;
  const present = await Promise.all(PRECOMPRESSED.map(({ suffix }) => isFile(file + suffix)));
  const offered = PRECOMPRESSED.filter((_, i) => present[i]);
  variantsSeen.set(file, { version, offered });
  return offered;
}

/**
 * Sends `file` (the path `urlPath` names) as its precompressed variant when the client accepts
 * one that the build wrote, with the file's own Content-Type, `Vary: Accept-Encoding` and the
 * Cache-Control its name earns; ETag, Last-Modified, 304s, HEAD and ranges as Express does for
 * any file. Calls `next` when there is no such file.
 */
export async function sendStatic(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  urlPath: string,
): Promise<void> {
  const offered = await variantsOf(file);
  if (!offered) return next();
  if (offered.length) res.vary('Accept-Encoding');
  const best = chooseEncoding(
    req.get('Accept-Encoding'),
    offered.map(({ encoding }) => encoding),
  );
  const chosen = offered.find(({ encoding }) => encoding === best);
  if (chosen) res.set('Content-Encoding', chosen.encoding);
  res.type(path.extname(file)).set('Cache-Control', cacheControlFor(urlPath));
  // dotfiles: the URL has none (servedFile), but the folder may lie below one (~/.cache/…).
  res.sendFile(
    chosen ? file + chosen.suffix : file,
    { cacheControl: false, dotfiles: 'allow' },
    (error) => {
      // A client that went away (before or during the answer) needs none; a file removed
      // meanwhile is an error answer, which must not claim an encoding.
      const aborted = (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNABORTED';
      if (!error || aborted || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next(error);
    },
  );
}

/** Serves the files of `dir` (GET and HEAD), compressed as the client accepts. */
export function staticFiles(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = servedFile(root, req.path);
    if (!file) return next();
    sendStatic(req, res, next, file, req.path).catch(next);
  };
}

/**
 * The encoding to send, of those `offered` (in the server's order of preference), for an
 * Accept-Encoding header: the one the client weighs highest, the server's order breaking ties
 * (browsers list gzip before br, which is the smaller), or null for the file as it is.
 */
export function chooseEncoding<E extends string>(
  acceptEncoding: string | undefined,
  offered: readonly E[],
): E | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: E | null = null;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
