import { exposedCollection, type Collection } from '../../runtime/exposed-gc';

const MB = 1024 * 1024;

/**
 * How far the heap and array buffers may grow during an Excel export before a full collection
 * is asked for. Measured at 1,000,000 records on this 2-core machine (the bench's export, by
 * allowance): none, RSS +47 MB; 20 MB, RSS +19 MB and 2.9 s of full collections (about 60 ms
 * each); 12 MB, RSS +9 MB and 8.9 s of them. The export took 53 to 80 s either way.
 */
export const EXPORT_GROWTH_BYTES = 16 * MB;

function heldBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * A check to call every few hundred rows of an Excel export: a full collection whenever the
 * memory held has grown `growthBytes` since the last one. exceljs's sheet buffers (64 kB each)
 * and the cursor's rows live long enough to be promoted out of the young generation, and V8
 * frees promoted buffers only at a full collection, which it starts after 64 MB more of them or
 * when the old generation has grown by its growing factor over the server's whole live heap;
 * left to itself, a long export's memory climbs by that much each time. Without an exposed
 * collector (tests, a server started without the flag) the check does nothing.
 */
export function fullCollectionsPastGrowth(
  growthBytes = EXPORT_GROWTH_BYTES,
  collect: Collection | undefined = exposedCollection('major'),
  held = heldBytes,
): () => void {
  if (!collect) return () => undefined;
  let base = held();
  return () => {
    if (held() - base <= growthBytes) return;
    collect();
    base = held();
  };
}
