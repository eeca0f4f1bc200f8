import { MIN_RECORDS_FOR_STATISTICS } from '../api/statistics';
import { rangeCovering99, summarize, type MetricRange } from '../vial/statistics';
import { isOutOfRange, OUT_OF_RANGE_FOR_REVALIDATION } from './out-of-range';

/**
 * Line monitoring (line-monitoring.md §1–2): a line's VitalMetric sequence since its baseline,
 * judged with Westgard multirules and an EWMA, exactly as the spec defines them. Pure: the
 * server evaluates it for events and the monitoring endpoint, the renderer for its chart marks.
 */

export const MONITORING_RULES = [
  '1_2s',
  '1_3s',
  '2_2s',
  'R_4s',
  '4_1s',
  '10_x',
  'ewma',
  'out_of_range',
  'revalidation',
] as const;
export type MonitoringRule = (typeof MONITORING_RULES)[number];

export const RULE_SIDES = ['above', 'below'] as const;
export type RuleSide = (typeof RULE_SIDES)[number];
export type RuleSeverity = 'warning' | 'alarm';

/** Warnings show on the chart; alarms also open events (§3). */
export const RULE_SEVERITY: Record<MonitoringRule, RuleSeverity> = {
  '1_2s': 'warning',
  '1_3s': 'alarm',
  '2_2s': 'alarm',
  R_4s: 'alarm',
  '4_1s': 'alarm',
  '10_x': 'alarm',
  ewma: 'alarm',
  out_of_range: 'warning',
  revalidation: 'alarm',
};

export const isAlarm = (rule: MonitoringRule): boolean => RULE_SEVERITY[rule] === 'alarm';

/**
 * Each rule's name in words, as Westgard names them, whatever side it fired on: the chart's
 * legend and counts, the events filter and every other place a rule code shows (issue 44).
 */
export const RULE_NAMES: Record<MonitoringRule, string> = {
  '1_2s': '1 value beyond 2 SD',
  '1_3s': '1 value beyond 3 SD',
  '2_2s': '2 values in a row beyond the same 2 SD',
  R_4s: '2 values in a row 4 SD apart, across ±2 SD',
  '4_1s': '4 values in a row beyond the same 1 SD',
  '10_x': '10 values in a row on the same side of the mean',
  ewma: 'EWMA beyond its control limit',
  out_of_range: "Outside the baseline's 99% range",
  revalidation: `${OUT_OF_RANGE_FOR_REVALIDATION}th record out of range: re-validation advised`,
};

/** A rule's code with its name: '2_2s — 2 values in a row beyond the same 2 SD'. */
export const ruleLabel = (rule: MonitoringRule): string => `${rule} — ${RULE_NAMES[rule]}`;

/** Each rule in words on the side it fired, as a tooltip or an event names it. */
export function describeRule(rule: MonitoringRule, side: RuleSide): string {
  const sign = side === 'above' ? '+' : '−';
  switch (rule) {
    case '1_2s':
      return `1 ${side} ${sign}2 SD`;
    case '1_3s':
      return `1 ${side} ${sign}3 SD`;
    case '2_2s':
      return `2 of 2 ${side} ${sign}2 SD`;
    case 'R_4s':
      return `Range of 2 across ±2 SD (last ${side})`;
    case '4_1s':
      return `4 of 4 ${side} ${sign}1 SD`;
    case '10_x':
      return `10 of 10 ${side} the mean`;
    case 'ewma':
      return `EWMA ${side} its control limit`;
    case 'out_of_range':
      return `${side === 'above' ? 'Above' : 'Below'} the 99% range`;
    case 'revalidation':
      return `${OUT_OF_RANGE_FOR_REVALIDATION} records out of range: re-validation advised`;
  }
}

/** EWMA smoothing weight. */
export const EWMA_LAMBDA = 0.2;
/** Width of the EWMA control limit in its own standard deviations. */
const EWMA_WIDTH = 3;

/** The figures of a baseline the sequence is judged against. */
export interface MonitoringBaseline extends MetricRange {
  n: number;
  mean: number;
  sd: number;
}

/** Why a line is not monitored (§1): no baseline, 2 or fewer records in it, or no spread. */
export const NOT_MONITORED_REASONS = ['no_baseline', 'too_few_records', 'no_spread'] as const;
export type NotMonitoredReason = (typeof NOT_MONITORED_REASONS)[number];

/**
 * A baseline's monitoring figures from the VitalMetric of its included records on the line (null:
 * the line has no baseline), or why the line is not monitored: it needs more than 2 records and a
 * spread.
 */
export function monitoringBaseline(
  values: readonly number[] | null,
): MonitoringBaseline | NotMonitoredReason {
  if (!values) return 'no_baseline';
  const { n, mean, stddev } = summarize(values);
  if (n < MIN_RECORDS_FOR_STATISTICS || mean === null || stddev === null) return 'too_few_records';
  // s > 0 exactly when the values differ: equal values whose float mean is not one of them
  // (0.1 three times) would otherwise give a tiny s and absurd z.
  if (values.every((v) => v === values[0])) return 'no_spread';
  return { n, mean, sd: stddev, ...rangeCovering99(mean, stddev) };
}

/** The EWMA control limit at record `i` (1-based). */
export const ewmaLimit = (i: number): number =>
  EWMA_WIDTH * Math.sqrt((EWMA_LAMBDA / (2 - EWMA_LAMBDA)) * (1 - (1 - EWMA_LAMBDA) ** (2 * i)));

export interface RuleFiring {
  rule: MonitoringRule;
  side: RuleSide;
}

export interface MonitoringPoint {
  value: number;
  z: number;
  ewma: number;
  ewmaLimit: number;
  rules: RuleFiring[];
}

const sideOf = (v: number): RuleSide => (v > 0 ? 'above' : 'below');

/** Whether the last `count` values all lie beyond `limit` on one side (strictly). */
function runBeyond(z: readonly number[], i: number, count: number, limit: number): boolean {
  if (i + 1 < count) return false;
  let above = true;
  let below = true;
  for (let k = i - count + 1; k <= i; k++) {
    above &&= z[k] > limit;
    below &&= z[k] < -limit;
  }
  return above || below;
}

/**
 * What the sequence carries from one record to the next: enough to evaluate the next record
 * without the line's whole history (the events at processing read only this and the new value).
 */
export interface SequenceState {
  /** Records in the sequence so far. */
  count: number;
  /** The EWMA after the last record (0 before any). */
  ewma: number;
  /** Out-of-range records so far. */
  outOfRange: number;
  /** The z of the last (up to) 9 records, oldest first. */
  recentZ: number[];
}

export const EMPTY_SEQUENCE: SequenceState = { count: 0, ewma: 0, outOfRange: 0, recentZ: [] };

/** The longest window a rule looks back over, minus the record itself. */
const LOOKBACK = 9;

/** Evaluates the next record of a sequence: its point and the state after it. */
export function nextPoint(
  state: SequenceState,
  value: number,
  baseline: MonitoringBaseline,
): { point: MonitoringPoint; state: SequenceState } {
  const i = state.count + 1;
  const z = (value - baseline.mean) / baseline.sd;
  const ewma = EWMA_LAMBDA * z + (1 - EWMA_LAMBDA) * state.ewma;
  const limit = ewmaLimit(i);
  const window = [...state.recentZ, z];
  const last = window.length - 1;
  const rules: RuleFiring[] = [];
  const side = sideOf(z);

  if (Math.abs(z) > 2) rules.push({ rule: '1_2s', side });
  if (Math.abs(z) > 3) rules.push({ rule: '1_3s', side });
  if (runBeyond(window, last, 2, 2)) rules.push({ rule: '2_2s', side });
  if (last >= 1) {
    const previous = window[last - 1];
    if ((previous > 2 && z < -2) || (previous < -2 && z > 2)) rules.push({ rule: 'R_4s', side });
  }
  if (runBeyond(window, last, 4, 1)) rules.push({ rule: '4_1s', side });
  if (runBeyond(window, last, 10, 0)) rules.push({ rule: '10_x', side });
  if (Math.abs(ewma) > limit) rules.push({ rule: 'ewma', side: sideOf(ewma) });

  let outOfRange = state.outOfRange;
  if (isOutOfRange(value, baseline)) {
    outOfRange += 1;
    const rangeSide: RuleSide = value > baseline.upper ? 'above' : 'below';
    rules.push({ rule: 'out_of_range', side: rangeSide });
    if (outOfRange === OUT_OF_RANGE_FOR_REVALIDATION) {
      rules.push({ rule: 'revalidation', side: rangeSide });
    }
  }

  return {
    point: { value, z, ewma, ewmaLimit: limit, rules },
    state: { count: i, ewma, outOfRange, recentZ: window.slice(-LOOKBACK) },
  };
}

/** Every point of a sequence of values (oldest first) and the state after the last. */
export function evaluateSequence(
  values: readonly number[],
  baseline: MonitoringBaseline,
): { points: MonitoringPoint[]; state: SequenceState } {
  const points: MonitoringPoint[] = [];
  let state = EMPTY_SEQUENCE;
  for (const value of values) {
    const next = nextPoint(state, value, baseline);
    points.push(next.point);
    state = next.state;
  }
  return { points, state };
}

/**
 * How many records before a record its point needs read: after this many the EWMA has forgotten
 * where it started (0.8^300 ≈ 1e-29 of it, far below a double's precision, so it comes out bit for bit
 * as over the whole history), the control limit has reached its asymptote (from the 86th record
 * on, 1 − 0.64^i is 1 in a double) and the longest window (10 records) is full.
 */
export const EVALUATION_WARM_UP = 300;

/**
 * The points of the records at the end of `values` without the sequence's whole history:
 * `values` are the sequence's records from some record on, oldest first. When `warmUp` is 0 they
 * are the sequence from its start, and every point is as `evaluateSequence` gives it; otherwise
 * the first `warmUp` (EVALUATION_WARM_UP) of them only bring the EWMA and the windows up to date
 * and get no point, and `outOfRangeBefore` counts the sequence's out-of-range records before
 * `values` (capped at OUT_OF_RANGE_FOR_REVALIDATION: only whether the 4th is still to come matters).
 */
export function evaluateTail(
  values: readonly number[],
  baseline: MonitoringBaseline,
  { warmUp, outOfRangeBefore }: { warmUp: number; outOfRangeBefore: number },
): MonitoringPoint[] {
  const points: MonitoringPoint[] = [];
  let state: SequenceState = { ...EMPTY_SEQUENCE, outOfRange: outOfRangeBefore };
  for (const [k, value] of values.entries()) {
    const next = nextPoint(state, value, baseline);
    if (k >= warmUp) points.push(next.point);
    state = next.state;
  }
  return points;
}

/** How many records of the sequence each rule fires at. */
export function countRules(points: readonly MonitoringPoint[]): Record<MonitoringRule, number> {
  const counts = Object.fromEntries(MONITORING_RULES.map((r) => [r, 0])) as Record<
    MonitoringRule,
    number
  >;
  for (const point of points) for (const { rule } of point.rules) counts[rule] += 1;
  return counts;
}
