import type { RunHeader } from '../../shared/vial/dat';
import type { ReceivedFile } from '../storage/blob-store';

/**
 * What the HTTP layer hands the domain for an upload: the text fields of the form and its
 * staged, uncommitted file (if it had one). The domain commits the file or discards it.
 */
export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/** A run file received and checked on the way (format, size), with the vial it names. */
export interface ReceivedRun extends ReceivedFile {
  vialUuid: string | undefined;
  header: RunHeader;
}

/**
 * Receives the body only when called: the domain first checks who may upload, so a refused
 * request is answered before its body is read.
 */
export type Receive<T> = () => Promise<T>;
