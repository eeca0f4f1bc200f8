import { performance } from 'node:perf_hooks';

/** One line of the printed table: the product's figure beside its baseline. */
export interface Figure {
  name: string;
  /** What the product does, in `unit`. */
  product: number;
  /** What it is measured against, in `unit`. */
  baseline: number;
  baselineName: string;
  /** `score`: Lighthouse's 0–100 performance score; `shift`: its cumulative layout shift. */
  unit: 'ms' | 's' | 'MB' | 'KiB' | 'req/s' | 'score' | 'shift';
  /** The target for product / baseline; none: the figure is printed beside its baseline only. */
  target?: number;
  /** The target is a floor (product / baseline ≥ target, a throughput), not a ceiling. */
  atLeast?: boolean;
  /**
   * Why the figure does not count whatever its ratio (a load run's errors or non-2xx answers),
   * naming what failed: printed once under the table however many figures share it.
   */
  failed?: string;
  note?: string;
}

export interface Skipped {
  name: string;
  note: string;
}

/** V8's full collection: `npm run bench` starts node with `--expose-gc`, as `npm start` does. */
export function fullCollection(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the bench with node --expose-gc (npm run bench does)');
  gc();
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/**
 * The 95th percentile of `work`'s wall time in ms, after one warm-up call: at least `min` and at
 * most `max` samples, fewer past `budgetMs` (so a slow figure does not eat the 10 minutes); a
 * first call slower than half the budget is taken as the figure. Fast calls get up to 100
 * samples: the 95th of 20 is the second slowest, one garbage collection away from any value.
 */
export async function p95(
  work: () => Promise<unknown>,
  { min = 5, max = 100, budgetMs = 8000 } = {},
): Promise<number> {
  const [, first] = await timed(work);
  // A call that takes half the budget is its own figure: more of them would not fit.
  if (first > budgetMs / 2) return first;
  const times: number[] = [];
  const start = performance.now();
  while (times.length < max && (times.length < min || performance.now() - start < budgetMs)) {
    times.push((await timed(work))[1]);
  }
  return percentile(times, 0.95);
}

/**
 * Times of each call, called in turn after a warm-up, so all see the same load of a shared
 * machine (measured one after the other, a busy moment would fall on one of them only).
 */
export function alternately(...calls: (() => Promise<unknown>)[]): Promise<number[][]> {
  return alternatelyAfter(() => Promise.resolve(), ...calls);
}

/** `alternately`, with `prepare` run before each round, outside the times. */
export async function alternatelyAfter(
  prepare: () => Promise<unknown>,
  ...calls: (() => Promise<unknown>)[]
): Promise<number[][]> {
  const times = calls.map((): number[] => []);
  for (let round = -5; round < 100; round++) {
    await prepare();
    for (const [i, call] of calls.entries()) {
      const [, ms] = await timed(call);
      if (round >= 0) times[i].push(ms);
    }
  }
  return times;
}

/** The value at fraction `p` of the sorted times (0.5: the median of an odd count). */
export function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** The table as the issue prints it: figure, product, baseline, ratio and target. */
export function printTable(figures: Figure[], skipped: Skipped[]): void {
  const fmt = (v: number, unit: Figure['unit']) =>
    unit === 's'
      ? `${v.toFixed(2)} s`
      : unit === 'MB' || unit === 'KiB'
        ? `${v.toFixed(0)} ${unit}`
        : unit === 'req/s'
          ? `${v.toFixed(0)} req/s`
          : unit === 'score'
            ? v.toFixed(0)
            : unit === 'shift'
              ? v.toFixed(3)
              : v < 10
                ? `${v.toFixed(2)} ms`
                : `${v.toFixed(0)} ms`;
  const met = (f: Figure) =>
    f.target === undefined ||
    (f.atLeast ? f.product / f.baseline >= f.target : f.product / f.baseline <= f.target);
  const rows = figures.map((f) => [
    f.name,
    fmt(f.product, f.unit),
    `${fmt(f.baseline, f.unit)} (${f.baselineName})`,
    `${(f.product / f.baseline).toFixed(2)}×`,
    f.target === undefined ? '' : `${f.atLeast ? '≥' : '≤'} ${f.target}×`,
    f.failed || !met(f) ? 'MISSED' : f.target === undefined ? '' : 'ok',
  ]);
  const header = ['figure', 'product', 'baseline', 'ratio', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  rows.forEach((r) => console.log(line(r)));
  for (const f of figures) if (f.note) console.log(`  ${f.name}: ${f.note}`);
  // Figures of one measurement share its reason: each reason once.
  for (const reason of new Set(figures.map((f) => f.failed)))
    if (reason) console.log(`  MISSED: ${reason}`);
  for (const s of skipped) console.log(`  not measured: ${s.name}: ${s.note}`);
}
