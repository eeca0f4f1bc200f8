import Busboy from 'busboy';
import type { Request } from 'express';
import type { ReceivedForm } from '../domain/uploads';
import type { BlobStore, StagedBlob } from '../storage/blob-store';
import { invalidField, payloadTooLarge } from '../domain/errors';

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
 * Streams a multipart form into the blob store's staging area, hashing on the way, in constant
 * memory: the text fields and the (staged, uncommitted) file, or none. A file over the limit
 * leaves nothing behind and answers 413.
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
  let fileName = '';
  let mimeType = '';
  let tooLarge = false;
  let refused: unknown;
  let fileDone: Promise<void> = Promise.resolve();

  const busboy = Busboy({
    headers: req.headers,
    limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 64 * 1024 },
  });
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
    stream.on('limit', () => {
      tooLarge = true;
    });
    fileDone = (async () => {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (tooLarge || refused) continue; // drain the rest, store nothing more
        try {
          options.inspect?.(chunk);
        } catch (err) {
          refused = err;
          continue;
        }
        await blob.write(chunk);
      }
    })();
  });
  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('close', resolve);
    busboy.on('error', reject);
  });
  // A file over the limit is read to its end before the 413, because HTTP clients rarely cope
  // with an answer that arrives while they are still sending; a body far beyond any file the
  // limit allows is cut off instead.
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxBytes + 1024 * 1024) req.destroy();
  });
  req.pipe(busboy);
  try {
    await parsed;
    await fileDone;
    if (tooLarge)
      throw payloadTooLarge(
        `The file is larger than the ${options.maxBytes >> 20} MiB upload limit.`,
      );
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
    await staged?.discard();
    throw err;
  }
}
