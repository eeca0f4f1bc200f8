import type { Response } from 'express';
import { HANDLED } from './route';

/**
 * A stored file as a download: its media type, under its own name, never kept by a cache
 * (contract PDFs, reports and exports hold personal or clinical data).
 */
export function sendStoredFile(
  res: Response,
  file: { fileName: string; bytes: Buffer },
  contentType: string,
): typeof HANDLED {
  res
    .status(200)
    .set('Content-Type', contentType)
    .set('Cache-Control', 'private, no-store')
    .attachment(file.fileName)
    .send(file.bytes);
  return HANDLED;
}
