import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import type { EncodedForms } from './answer-cache';
import { chooseEncoding } from './static-files';

/** Below this a JSON answer goes as it is: compressing it would save less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Fast levels: an answer is compressed once, for one client, while it waits. Brotli's default
 * quality (11) takes tens of milliseconds for a page of records, quality 1 a tenth of one and
 * still sends about a sixth of the bytes (gzip's level 1 likewise); the static files are
 * compressed at the highest levels at build time instead.
 */
const COMPRESS = {
  br: promisify((json: Buffer, done: (err: Error | null, out: Buffer) => void) =>
    brotliCompress(
      json,
      {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      },
      done,
    ),
  ),
  gzip: promisify((json: Buffer, done: (err: Error | null, out: Buffer) => void) =>
    gzip(json, { level: 1 }, done),
  ),
};
const OFFERED = ['br', 'gzip'] as const;

/**
 * Sends a JSON answer (serialized), compressed as the client accepts (brotli or gzip, at a fast
 * level, off the main thread) when it is larger than COMPRESS_FROM_BYTES. A kept answer's
 * compressed forms (answer-cache.ts) are compressed once and sent again from `encoded`.
 */
export async function sendJson(
  req: Request,
  res: Response,
  json: Buffer,
  encoded?: EncodedForms,
): Promise<void> {
  res.type('json');
  if (json.length < COMPRESS_FROM_BYTES) {
    res.send(json);
    return;
  }
  res.vary('Accept-Encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding'], OFFERED);
  if (!encoding) {
    res.send(json);
    return;
  }
  let compressed = encoded?.get(encoding);
  if (!compressed) {
    compressed = await COMPRESS[encoding](json);
    encoded?.set(encoding, compressed);
  }
  res.set('Content-Encoding', encoding).send(compressed);
}
