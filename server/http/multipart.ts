import Busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import type { ReceivedFieldFile, ReceivedForm } from '../domain/uploads';
import type { BlobStore, StagedBlob } from '../storage/blob-store';
import { badRequest, DomainError, invalidField, payloadTooLarge } from '../domain/errors';
import { scavengeUploadGarbage } from './upload-collections';

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

/** How receiveFormFiles reads a form with one file or several. */
export interface FormFilesOptions {
  /** Whether a file field is one to keep; files of other fields are ignored. */
  accepts: (field: string) => boolean;
  /** The limit of each file. */
  maxBytes: number;
  maxFiles: number;
  /** A file beyond maxFiles: ignored, or the whole form refused with a 422 (on `loc`). */
  surplus: 'ignore' | 'refuse';
  /** The 422 message (on the field `loc`) when the request is not multipart. */
  missingFile: string;
  loc: string;
  /** The start of the 413 message: "The file" or "A file" (is larger than …). */
  tooLargeSubject: string;
  /**
   * Sees every chunk of a file before it is stored (with the file's field and the bytes of it
   * seen before) and may throw to refuse the upload: nothing more is stored, the rest of the
   * body is read, and the error is thrown once it has been.
   */
  inspect?: (field: string, chunk: Buffer, offset: number) => void;
}

/**
 * A body over the limit is still read to its end (and thrown away) before the 413, because HTTP
 * clients rarely cope with an answer that arrives while they are still sending; only a body this
 * many times over the limit (of each file the form may carry) is cut off.
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
 * memory: the text fields and the (staged, uncommitted) files of accepted fields, one per field.
 * Either every file is answered or none is kept: whatever goes wrong (a file over the limit: 413;
 * a malformed body: 400; a refused or surplus (when refused) file; a client that goes away)
 * closes and deletes every staging file before the error is thrown, so nothing is left behind.
 */
export async function receiveFormFiles(
  req: Request,
  blobs: BlobStore,
  options: FormFilesOptions,
): Promise<{ fields: Record<string, string>; files: ReceivedFieldFile[] }> {
  if (!req.is('multipart/form-data'))
    throw invalidField(options.loc, options.missingFile, 'missing');
  // Field names come from the client: a null prototype keeps `__proto__` an ordinary key.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const staged: {
    field: string;
    fileName: string;
    mimeType: string;
    blob: StagedBlob;
    stream: Readable;
  }[] = [];
  const done: Promise<void>[] = [];
  let tooLarge = false;
  let tooMany = false;
  let refused: unknown;
  const refuseSurplus = options.surplus === 'refuse';
  // One file more than allowed is let through busboy so that a surplus can be noticed.
  const fileLimit = refuseSurplus ? options.maxFiles + 1 : options.maxFiles;

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: req.headers,
      limits: { files: fileLimit, fileSize: options.maxBytes, fields: 20, fieldSize: 64 * 1024 },
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
    if (!options.accepts(name) || staged.some((s) => s.field === name)) {
      stream.resume();
      return;
    }
    if (staged.length >= options.maxFiles) {
      if (refuseSurplus) tooMany = true;
      stream.resume();
      return;
    }
    const blob = blobs.stage();
    staged.push({
      field: name,
      fileName: info.filename ?? '',
      mimeType: info.mimeType ?? '',
      blob,
      stream,
    });
    stream.on('limit', () => {
      tooLarge = true;
      // Nothing of this file will be kept: free the staging file now, not after the drain.
      void blob.discard();
    });
    const fileDone = (async () => {
      let offset = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (tooLarge || tooMany || refused) continue; // drain the rest, store nothing more
        try {
          options.inspect?.(name, chunk, offset);
        } catch (err) {
          refused = err;
          void blob.discard();
          continue;
        }
        offset += chunk.length;
        await blob.write(chunk);
      }
    })();
    fileDone.catch(() => undefined); // awaited below on success; an error path discards anyway
    done.push(fileDone);
  });
  busboy.on('filesLimit', () => {
    if (refuseSurplus) tooMany = true;
  });
  const tooLargeError = () =>
    payloadTooLarge(
      `${options.tooLargeSubject} is larger than the ${options.maxBytes >> 20} MiB upload limit.`,
    );
  const parsed = new Promise<void>((resolve, reject) => {
    busboy.on('close', resolve);
    busboy.on('error', (err) => reject(malformed(err)));
    // The connection closed before the whole body arrived (client gone, or cut off below).
    req.on('close', () => {
      if (!req.complete) reject(tooLarge ? tooLargeError() : new ClientGone());
    });
    req.on('error', () => reject(new ClientGone()));
  });
  let received = 0;
  const cutOff = (options.maxBytes * DRAIN_FACTOR + 1024 * 1024) * fileLimit;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    // Each piece of the body is garbage once stored (or drained): see upload-collections.ts.
    scavengeUploadGarbage(chunk.length);
    if (received > cutOff) {
      tooLarge = true;
      req.destroy();
    }
  });
  req.pipe(busboy);
  try {
    await parsed;
    await Promise.all(done);
    if (tooLarge) throw tooLargeError();
    if (tooMany)
      throw invalidField(options.loc, `At most ${options.maxFiles} files can be sent at once.`);
    if (refused) throw refused;
    const files: ReceivedFieldFile[] = [];
    for (const s of staged) {
      const { sha256, size } = await s.blob.finish();
      files.push({
        field: s.field,
        fileName: s.fileName,
        mimeType: s.mimeType,
        sha256,
        size,
        commit: () => s.blob.commit(),
        discard: () => s.blob.discard(),
        open: () => s.blob.open(),
      });
    }
    return { fields, files };
  } catch (err) {
    req.unpipe(busboy);
    for (const s of staged) s.stream.destroy();
    await Promise.all(staged.map((s) => s.blob.discard()));
    if (!req.complete && !(err instanceof ClientGone)) {
      // Answer once the client has sent everything (see DRAIN_FACTOR); a closed request resumes
      // as a no-op.
      req.resume();
    }
    throw err;
  }
}

/**
 * Streams a multipart form with one file into the blob store's staging area (receiveFormFiles):
 * the text fields and the (staged, uncommitted) file, or none. Whatever goes wrong (a file over
 * the limit: 413; a malformed body: 400; a refused file; a client that goes away) leaves nothing
 * behind.
 */
export async function receiveMultipart(
  req: Request,
  blobs: BlobStore,
  options: MultipartOptions,
): Promise<ReceivedForm> {
  const { inspect } = options;
  const { fields, files } = await receiveFormFiles(req, blobs, {
    accepts: (field) => field === options.fileField,
    maxBytes: options.maxBytes,
    maxFiles: 1,
    surplus: 'ignore',
    missingFile: options.missingFile,
    loc: options.fileField,
    tooLargeSubject: 'The file',
    inspect: inspect && ((_field, chunk) => inspect(chunk)),
  });
  return { fields, file: files[0] ?? null };
}
