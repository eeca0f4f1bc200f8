import type { Request } from 'express';
import { RunFileChecker } from '../../shared/vial/dat';
import { VialFormatError } from '../../shared/vial/errors';
import { invalidField, invalidInput } from '../domain/errors';
import type { ReceivedRun } from '../domain/uploads';
import type { BlobStore } from '../storage/blob-store';
import { receiveMultipart } from './multipart';

const formatProblem = (err: VialFormatError) =>
  invalidInput([{ loc: ['body', 'file'], msg: err.message, type: err.code }]);

/**
 * Streams a multipart upload (`file`, `vial_uuid`) into the blob store's staging area, checking
 * the run format on the way, in constant memory. A file that is too large or not a valid run
 * file answers 413 or 422 naming the problem and leaves nothing behind.
 */
export async function receiveRunUpload(
  req: Request,
  blobs: BlobStore,
  maxBytes: number,
  countBytes: (bytes: number) => void = () => {},
): Promise<ReceivedRun> {
  const checker = new RunFileChecker();
  let received;
  try {
    received = await receiveMultipart(req, blobs, {
      fileField: 'file',
      maxBytes,
      missingFile: 'Send the run as multipart/form-data with a file field.',
      inspect: (chunk) => {
        countBytes(chunk.length);
        checker.push(chunk);
      },
    });
  } catch (err) {
    throw err instanceof VialFormatError ? formatProblem(err) : err;
  }
  const { fields, file } = received;
  if (!file) throw invalidField('file', 'A run file is required.', 'missing');
  try {
    return { ...file, vialUuid: fields.vial_uuid, header: checker.finish() };
  } catch (err) {
    await file.discard();
    throw err instanceof VialFormatError ? formatProblem(err) : err;
  }
}
