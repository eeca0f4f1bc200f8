import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { HANDLED } from './route';

/** A JSON answer that does not change while its tag does not, kept gzip-compressed. */
export interface TaggedJson {
  tag: string;
  gzippedJson: () => Promise<Buffer>;
}

/** Whether If-None-Match names the ETag (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a tagged answer with a strong ETag and `Cache-Control: private, no-cache`: the browser
 * keeps it and asks again with If-None-Match, which answers 304 without the body being read or
 * computed. Clients that accept gzip get the stored bytes as they are (the ETag then names that
 * encoding); others get them unpacked. Headers are set only once the body is in hand, so an error
 * (a 410 for a missing run) never carries an ETag a cache could revalidate.
 */
export async function sendTaggedJson(
  req: Request,
  res: Response,
  answer: TaggedJson,
): Promise<typeof HANDLED> {
  const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const etag = `"${answer.tag}${gzipped ? '-gzip' : ''}"`;
  const cacheHeaders = () =>
    res.vary('Accept-Encoding').set({ ETag: etag, 'Cache-Control': 'private, no-cache' });
  if (matches(req.get('If-None-Match'), etag)) {
    cacheHeaders().status(304).end();
    return HANDLED;
  }
  const body = await answer.gzippedJson();
  cacheHeaders().type('json');
  if (gzipped) res.set('Content-Encoding', 'gzip').send(body);
  else res.send(gunzipSync(body));
  return HANDLED;
}

/** A JSON document the same for everyone, kept serialized and compressed once per encoding. */
export interface SharedJson {
  etag: string;
  encoded: (encoding: 'br' | 'gzip' | 'identity') => Buffer;
}

export function sharedJson(value: unknown): SharedJson {
  const json = Buffer.from(JSON.stringify(value));
  const compress = {
    br: () => brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: () => gzipSync(json, { level: 9 }),
    identity: () => json,
  };
  const made = new Map<keyof typeof compress, Buffer>();
  return {
    etag: createHash('sha256').update(json).digest('base64url').slice(0, 27),
    encoded(encoding) {
      if (!made.has(encoding)) made.set(encoding, compress[encoding]());
      return made.get(encoding)!;
    },
  };
}

/**
 * Sends a shared document as a static file would be: compressed as the client accepts (brotli,
 * gzip or none), a strong ETag per encoding, `Cache-Control: public, no-cache` (anyone may keep
 * it, and asks again with If-None-Match for a 304).
 */
export function sendSharedJson(req: Request, res: Response, doc: SharedJson): typeof HANDLED {
  const encoding = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as
    'br' | 'gzip' | 'identity';
  const etag = `"${doc.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  res.vary('Accept-Encoding').set({ ETag: etag, 'Cache-Control': 'public, no-cache' });
  if (matches(req.get('If-None-Match'), etag)) {
    res.status(304).end();
    return HANDLED;
  }
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  res.type('json').send(doc.encoded(encoding));
  return HANDLED;
}
