/** A garbage collection asked for from code. */
export type Collection = () => void;

/**
 * V8's collection of the given kind, there when node was started with `--expose-gc` (`npm start`;
 * the flag reaches worker threads too): 'major' is a full collection, 'minor' a scavenge of the
 * young generation only. Without the flag (tests, `tsx`) there is none, and callers do nothing.
 */
export function exposedCollection(type: 'major' | 'minor'): Collection | undefined {
  const gc = (globalThis as { gc?: (options: { type: 'major' | 'minor' }) => void }).gc;
  return gc && (() => gc({ type }));
}
