import type { z } from 'zod';
import type { RunHeader } from '../../shared/vial/dat';
import type { ReceivedFile } from '../storage/blob-store';
import { invalidSchemaInput } from './errors';

/**
 * What the HTTP layer hands the domain for an upload: the text fields of the form and its
 * staged, uncommitted file (if it had one). The domain commits the file or discards it.
 */
export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/**
 * The text fields of a received form, parsed with the schema the route declares for them (so the
 * document and the server agree), refused with the 422 a JSON body would get.
 */
export function parseFormFields<S extends z.ZodType>(
  schema: S,
  fields: ReceivedForm['fields'],
): z.output<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw invalidSchemaInput('body', result.error);
  return result.data;
}

/** A file of a form with several, with the field it came in (files-0, files-1, …). */
export interface ReceivedFieldFile extends ReceivedFile {
  field: string;
}

/**
 * Sees every chunk of a file as it arrives (with the file's field and the bytes of it seen
 * before) and may throw to refuse the upload before anything is stored.
 */
export type FileInspector = (field: string, chunk: Buffer, offset: number) => void;

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

/**
 * Receives the files of a form only when called, passing each chunk to the domain's inspector
 * (a check of the content, such as "PDF only") on the way.
 */
export type ReceiveFiles = (inspect: FileInspector) => Promise<ReceivedFieldFile[]>;
