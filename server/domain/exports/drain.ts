import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Waits until `stream` drains; a client that goes away meanwhile ends the export (nothing
 * would drain any more, and the cursor's connection must be given back).
 */
export async function drained(stream: Writable, out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('The client went away during the export.');
  const gone = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: gone.signal }),
      once(out, 'close', { signal: gone.signal }),
    ]);
  } finally {
    gone.abort();
  }
  if (out.destroyed) throw new Error('The client went away during the export.');
}

/**
 * Whether `stream` asks its writer to wait for 'drain'. Streams of readable-stream 2 (archiver's
 * PassThrough in front of the zip, for one) predate `writableNeedDrain` and keep the flag in
 * their state only: read there, such a stream no longer looks always ready, which let a
 * million rows of sheet XML pile up in it uncompressed.
 */
export function needsDrain(stream: Writable): boolean {
  const legacy = stream as unknown as { _writableState?: { needDrain?: boolean } };
  return stream.writableNeedDrain ?? legacy._writableState?.needDrain ?? false;
}
