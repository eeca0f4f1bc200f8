import Busboy from 'busboy';
import type { Request } from 'express';
import type { BlobStore, StagedBlob } from '../storage/blob-store';
import { invalidField, payloadTooLarge } from './errors';

export interface ReceivedFile {
  fileName: string;
  mimeType: string;
  sha256: string;
  size: number;
  /** Publishes the blob; until then nothing is stored. */
  commit: () => Promise<void>;
  discard: () => Promise<void>;
}

export interface MultipartOptions {
  /** The form field carrying the file; other files are ignored. */
  fileField: string;
  maxBytes: number;
  /** The 422 message when the request is not multipart. */
  missingFile: string;
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
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!req.is('multipart/form-data'))
    throw invalidField(options.fileField, options.missingFile, 'missing');
  const fields: Record<string, string> = {};
  let staged: StagedBlob | undefined;
  let fileName = '';
  let mimeType = '';
  let tooLarge = false;
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
        if (!tooLarge) await blob.write(chunk);
      }
    })();
  });
  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('close', resolve);
    busboy.on('error', reject);
  });
  req.pipe(busboy);
  try {
    await parsed;
    await fileDone;
    if (tooLarge)
      throw payloadTooLarge(
        `The file is larger than the ${options.maxBytes >> 20} MiB upload limit.`,
      );
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

/** Stores bytes made on the server (generated reports) in the blob store; answers the address. */
export async function storeBuffer(
  blobs: BlobStore,
  bytes: Buffer,
): Promise<{ sha256: string; size: number }> {
  const staged = blobs.stage();
  try {
    await staged.write(bytes);
    const stored = await staged.finish();
    await staged.commit();
    return stored;
  } catch (err) {
    await staged.discard();
    throw err;
  }
}
