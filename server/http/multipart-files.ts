import type { Request } from 'express';
import type { FileInspector, ReceivedFieldFile } from '../domain/uploads';
import type { BlobStore } from '../storage/blob-store';
import { receiveFormFiles } from './multipart';

export interface MultipartFilesOptions {
  /** The form fields carrying files (e.g. files-0, files-1, …); other files are ignored. */
  fileField: RegExp;
  /** The limit of each file. */
  maxBytes: number;
  maxFiles: number;
  /** The 422 message when the request is not multipart (on the field `loc`). */
  missingFile: string;
  loc: string;
  /** Sees every chunk of each file before it is stored and may throw to refuse the upload. */
  inspect?: FileInspector;
}

/**
 * Like receiveMultipart, for a form carrying several files (receiveFormFiles): each is streamed
 * into the blob store's staging area, hashing on the way, in constant memory. Either every file
 * is answered (staged, uncommitted) or none is kept: a refused, oversize or surplus file
 * discards them all.
 */
export async function receiveMultipartFiles(
  req: Request,
  blobs: BlobStore,
  options: MultipartFilesOptions,
): Promise<ReceivedFieldFile[]> {
  const { files } = await receiveFormFiles(req, blobs, {
    accepts: (field) => options.fileField.test(field),
    maxBytes: options.maxBytes,
    maxFiles: options.maxFiles,
    surplus: 'refuse',
    missingFile: options.missingFile,
    loc: options.loc,
    tooLargeSubject: 'A file',
    inspect: options.inspect,
  });
  return files;
}
