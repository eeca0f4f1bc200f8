import type { RequestHandler } from 'express';
import { DomainError, payloadTooLarge } from '../domain/errors';

/**
 * A body read as bytes (the lab feed's HL7 messages and FHIR bundles): one of `mediaTypes`
 * (else 415 with `wrongType`), at most `maxBytes` (else 413 with `tooLarge`, the connection
 * closed without reading the rest). `req.body` is the Buffer. For the routes of `bodyType: 'raw'`
 * (route.ts), which parse no JSON before it.
 */
export function rawBody(options: {
  mediaTypes: readonly string[];
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
}): RequestHandler {
  const types = new Set(options.mediaTypes);
  return (req, res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!types.has(type)) return next(new DomainError(415, options.wrongType));
    const refuse = () => {
      res.set('Connection', 'close');
      next(payloadTooLarge(options.tooLarge));
    };
    if (Number(req.headers['content-length'] ?? 0) > options.maxBytes) return refuse();
    if (req.readableEnded) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > options.maxBytes) {
        done = true;
        req.pause();
        refuse();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      req.body = Buffer.concat(chunks, size);
      next();
    });
    req.on('error', (err) => {
      if (done) return;
      done = true;
      next(err);
    });
  };
}
