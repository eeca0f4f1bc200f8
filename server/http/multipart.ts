import Busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import type { ReceivedForm } from '../domain/uploads';
import type { BlobStore, StagedBlob } from '../storage/blob-store';
import { badRequest, DomainError, invalidField, payloadTooLarge } from '../domain/errors';

export interface MultipartOptions {
  /** The form field carrying the file; other files are ignored. */
  fileField: string;
  maxBytes: number;
  /** The 422 message when the request is not multipart. */
  missingFile: string;
  /**
   * Sees every chunk of the file before it is stored and may throw to refuse the file: nothing
   * more is stored, the rest of the body is read, and the error is thrown once it has been.
   */
  inspect?: (chunk: Buffer) => void;
}

/**
 * A body over the limit is still read to its end (and thrown away) before the 413, because HTTP
 * clients rarely cope with an answer that arrives while they are still sending; only a body this
 * many times over the limit is cut off.
 */
const DRAIN_FACTOR = 4;

/** The client went away mid-body: nobody is left to answer, nothing is kept. */
class ClientGone extends DomainError {
  constructor() {
    super(400, 'The upload was interrupted.');
  }
}

const malformed = (err: unknown) =>
  badRequest(
    `The multipart body is malformed${err instanceof Error && err.message ? `: ${err.message}` : ''}.`,
  );

/**
 * Streams a multipart form into the blob store's staging area, hashing on the way, in constant
 * memory: the text fields and the (staged, uncommitted) file, or none. Whatever goes wrong (a file
 * over the limit: 413; a malformed body: 400; a refused file; a client that goes away) closes and
 * deletes the staging file before the error is thrown, so nothing is left behind.
 */
export async function receiveMultipart(
  req: Request,
  blobs: BlobStore,
  options: MultipartOptions,
): Promise<ReceivedForm> {
  if (!req.is('multipart/form-data'))
    throw invalidField(options.fileField, options.missingFile, 'missing');
  // Field names come from the client: a null prototype keeps `__proto__` an ordinary key.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let staged: StagedBlob | undefined;
  let fileStream: Readable | undefined;
  let fileName = '';
  let mimeType = '';
  let tooLarge = false;
  let refused: unknown;
  let fileDone: Promise<void> = Promise.resolve();

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 64 * 1024 },
    });
  } catch (err) {
    // No or an unusable boundary: read the body away so the client gets the answer.
    req.resume();
    throw malformed(err);
  }
  busboy.on('field', (name, value) => {
    fields[name] = value;
  });
  busboy.on('file', (name, stream, info) => {
    if (name !== options.fileField || staged) {
      stream.resume();
      return;
    }
    fileName = info.filename ?? '';
    mimeType = info.mimeType ?? '';
    const blob = blobs.stage();
    staged = blob;
    fileStream = stream;
    stream.on('limit', () => {
      tooLarge = true;
      // Nothing of this file will be kept: free the staging file now, not after the drain.
      void blob.discard();
    });
    fileDone = (async () => {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (tooLarge || refused) continue; // drain the rest, store nothing more
        try {
          options.inspect?.(chunk);
        } catch (err) {
          refused = err;
          void blob.discard();
          continue;
        }
        await blob.write(chunk);
      }
    })();
    fileDone.catch(() => undefined); // awaited below on success; an error path discards anyway
  });

  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('close', resolve);
    busboy.on('error', (err) => reject(malformed(err)));
    // The connection closed before the whole body arrived (client gone, or cut off below).
    req.on('close', () => {
      if (!req.complete) reject(tooLarge ? tooLargeError(options.maxBytes) : new ClientGone());
    });
    req.on('error', () => reject(new ClientGone()));
  });
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxBytes * DRAIN_FACTOR + 1024 * 1024) {
      tooLarge = true;
      req.destroy();
    }
  });
  req.pipe(busboy);
  try {
    await parsed;
    await fileDone;
    if (tooLarge) throw tooLargeError(options.maxBytes);
    if (refused) throw refused;
    if (!staged) return { fields, file: null };
    const { sha256, size } = await staged.finish();
    const blob = staged;
    return {
      fields,
      file: {
        fileName,
        mimeType,
        sha256,
        size,
        commit: () => blob.commit(),
        discard: () => blob.discard(),
      },
    };
  } catch (err) {
    req.unpipe(busboy);
    fileStream?.destroy();
    await staged?.discard();
    if (!req.complete && !(err instanceof ClientGone)) {
      // Answer once the client has sent everything (see DRAIN_FACTOR); a closed request resumes
      // as a no-op.
      req.resume();
    }
    throw err;
  }
}

const tooLargeError = (maxBytes: number) =>
  payloadTooLarge(`The file is larger than the ${maxBytes >> 20} MiB upload limit.`);
