import { exposedCollection, type Collection } from '../runtime/exposed-gc';

/**
 * How many bytes of request bodies the server receives between two scavenges. Measured with the
 * bench's 20 concurrent one-hour uploads (21.6 MB each) on this 2-core machine: without them the
 * server's memory rose 43 MB, against 5 MB for 2 uploads; with one per 8 MB, a scavenge of a few
 * ms, about 55 for the 20 uploads.
 */
export const BYTES_PER_SCAVENGE = 8 * 1024 * 1024;

/**
 * A counter of the bytes received that asks for a scavenge each time `bytes` more have arrived.
 * Every piece of a request body is a fresh buffer outside V8's heap that dies as soon as it is
 * written to the staging file, but its small JavaScript object hardly fills the young generation,
 * so V8 scavenges rarely during an upload and frees the buffers only at full collections it starts
 * late: the garbage grew with the number of uploads at once. Counted over every upload of the
 * process, the garbage between two scavenges stays `bytes`, however many there are at once.
 * Without an exposed collector (tests, a server started without `--expose-gc`) it does nothing.
 */
export function scavengesPerBytes(
  bytes = BYTES_PER_SCAVENGE,
  collect: Collection | undefined = exposedCollection('minor'),
): (received: number) => void {
  if (!collect) return () => undefined;
  let sinceLast = 0;
  return (received) => {
    sinceLast += received;
    if (sinceLast < bytes) return;
    sinceLast = 0;
    collect();
  };
}

/** The process's one counter: the uploads' garbage is the process's, whichever upload made it. */
export const scavengeUploadGarbage = scavengesPerBytes();
