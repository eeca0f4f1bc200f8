/**
 * A group's figures kept by what they are computed from: the group's options and its pairs (ids
 * and values, in order). A draft's results are recomputed whenever anything of its institute's
 * clinical data changes (service.ts), but a correction of one entry or the exclusion of one pair
 * changes only the groups that hold it (its line's and the analyte's over all lines): the others
 * are taken from here, so the results answer after such a change costs those groups alone. An
 * exclusion being made while the results are looked at, this is the loop a reviewer works in.
 *
 * The key is the SHA-256 of the options and the pairs, so that equal inputs give the same figures
 * (they are pure: `figuresOf`) without keeping the pairs; the figures are shared between answers
 * and never changed.
 */
import { createHash } from 'node:crypto';
import type { GroupFigures, GroupOptions, Pair } from '../../../shared/comparison';
import { figuresOf } from './groups';

/** How many groups' figures a process keeps (each a kilobyte or two). */
const KEPT_GROUPS = 2048;

const kept = new Map<string, GroupFigures>();

function keyOf(pairs: readonly Pair[], options: GroupOptions): string {
  const values = new Float64Array(pairs.length * 3);
  pairs.forEach(({ id, x, y }, i) => values.set([id, x, y], i * 3));
  return createHash('sha256')
    .update(JSON.stringify(options))
    .update(new Uint8Array(values.buffer))
    .digest('base64');
}

/** `figuresOf(pairs, options)`, from the kept ones when the same inputs were computed before. */
export function keptFiguresOf(pairs: Pair[], options: GroupOptions): GroupFigures {
  const key = keyOf(pairs, options);
  const found = kept.get(key);
  // Most recently used last: the first key is the one to forget.
  if (found) kept.delete(key);
  const figures = found ?? figuresOf(pairs, options);
  kept.set(key, figures);
  if (kept.size > KEPT_GROUPS) kept.delete(kept.keys().next().value!);
  return figures;
}
