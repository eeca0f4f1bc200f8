import Busboy from 'busboy';
import type { Request } from 'express';
import { RunFileChecker, type RunHeader } from '../../../shared/vial/dat';
import { VialFormatError } from '../../../shared/vial/errors';
import type { BlobStore, StagedBlob } from '../../storage/blob-store';
import { HttpError, invalidField, payloadTooLarge } from '../../http/errors';

export interface ReceivedRun {
  vialUuid: string | undefined;
  fileName: string;
  header: RunHeader;
  sha256: string;
  size: number;
  /** Publishes the blob; until then nothing is stored. */
  commit: () => Promise<void>;
  discard: () => Promise<void>;
}

const TOO_LARGE = 'The file is larger than the 256 MiB upload limit.';

/** The validated header, or the format error that the end of the file revealed. */
function finishCheck(checker: RunFileChecker): RunHeader | VialFormatError {
  try {
    return checker.finish();
  } catch (err) {
    if (err instanceof VialFormatError) return err;
    throw err;
  }
}

/**
 * Streams a multipart upload (`file`, `vial_uuid`) into the blob store's staging area, checking
 * the run format and hashing on the way, in constant memory. A file that is too large or not a
 * valid run file leaves nothing behind.
 */
export async function receiveRunUpload(
  req: Request,
  blobs: BlobStore,
  maxBytes: number,
): Promise<ReceivedRun> {
  if (!req.is('multipart/form-data')) {
    throw invalidField('file', 'Send the run as multipart/form-data with a file field.', 'missing');
  }

  const fields: Record<string, string> = {};
  let staged: StagedBlob | undefined;
  let checker: RunFileChecker | undefined;
  let fileName = '';
  let formatError: VialFormatError | undefined;
  let tooLarge = false;
  let fileDone: Promise<void> = Promise.resolve();

  const busboy = Busboy({
    headers: req.headers,
    limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024 },
  });
  busboy.on('field', (name, value) => {
    fields[name] = value;
  });
  busboy.on('file', (name, stream, info) => {
    if (name !== 'file' || staged) {
      stream.resume();
      return;
    }
    fileName = info.filename ?? '';
    const blob = blobs.stage();
    staged = blob;
    const check = new RunFileChecker();
    checker = check;
    stream.on('limit', () => {
      tooLarge = true;
    });
    fileDone = (async () => {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (formatError || tooLarge) continue; // drain the rest, store nothing more
        try {
          check.push(chunk);
        } catch (err) {
          if (!(err instanceof VialFormatError)) throw err;
          formatError = err;
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
    if (received > maxBytes + 1024 * 1024) req.destroy();
  });
  req.pipe(busboy);

  try {
    await parsed;
    await fileDone;
    if (tooLarge) throw payloadTooLarge(TOO_LARGE);
    if (!staged || !checker) throw invalidField('file', 'A run file is required.', 'missing');
    const header = formatError ?? finishCheck(checker);
    if (header instanceof VialFormatError) {
      throw new HttpError(422, [{ loc: ['body', 'file'], msg: header.message, type: header.code }]);
    }
    const { sha256, size } = await staged.finish();
    const blob = staged;
    return {
      vialUuid: fields.vial_uuid,
      fileName,
      header,
      sha256,
      size,
      commit: () => blob.commit(),
      discard: () => blob.discard(),
    };
  } catch (err) {
    await staged?.discard();
    throw err;
  }
}
