import {
  countRules,
  evaluateSequence,
  isAlarm,
  MONITORING_RULES,
  monitoringBaseline,
} from '../../shared/domain/monitoring-rules';
import { parseRun } from '../../shared/vial/dat';
import { computeMetrics } from '../../shared/vial/metrics';
import { DRIFT_STORY_Z, planDriftRuns } from './demo-monitoring';

/**
 * The demo's drifting line, judged by the shared rules as the server judges it: its simulated
 * runs' VitalMetrics (measured from the files, as processing measures them) fire the EWMA and
 * 4_1s after the baseline, and no other alarm, so the demo has exactly those two events.
 */
const NOW = Date.UTC(2026, 2, 29, 12); // any day: the VitalMetrics do not depend on it
const { runs, baseline } = planDriftRuns(NOW, {
  uuid: '5d0c1f4e-1b7a-4c1e-9a51-0c3b5e6f2001',
  firstSequence: 1,
});
const baselineRuns = runs.filter((r) => r.baseline);
const sequence = runs.filter((r) => !r.baseline);

it('has a baseline validation of 4 runs a day for 2 days, then one run every other day', () => {
  expect(baselineRuns).toHaveLength(8);
  expect(sequence).toHaveLength(DRIFT_STORY_Z.length);
  const dates = runs.map((r) => r.options.startMs!);
  expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  expect(sequence.at(-1)!.options.startMs).toBeLessThan(NOW);
  expect(new Set(runs.map((r) => r.options.sequence)).size).toBe(runs.length);
});

it('measures each file at the VitalMetric its plan says', () => {
  for (const run of runs) expect(computeMetrics(parseRun(run.bytes)).auc).toBe(run.auc);
  expect(monitoringBaseline(baselineRuns.map((r) => r.auc))).toEqual(baseline);
  const z = sequence.map((r) => (r.auc - baseline.mean) / baseline.sd);
  for (const [i, want] of DRIFT_STORY_Z.entries()) expect(z[i]).toBeCloseTo(want, 1);
});

it('fires the EWMA and 4_1s in the drift of the last two weeks, and no other alarm', () => {
  const { points } = evaluateSequence(
    sequence.map((r) => r.auc),
    baseline,
  );
  const counts = countRules(points);
  expect(counts.ewma).toBeGreaterThan(0);
  expect(counts['4_1s']).toBeGreaterThan(0);
  expect(MONITORING_RULES.filter((rule) => isAlarm(rule) && counts[rule] > 0)).toEqual([
    '4_1s',
    'ewma',
  ]);
  // Where each first fires: 4_1s opens its event before the EWMA does, both in the drift.
  const firstAt = (rule: string) => points.findIndex((p) => p.rules.some((f) => f.rule === rule));
  expect([firstAt('4_1s'), firstAt('ewma')]).toEqual([17, 18]);
  expect(points.every((p) => p.rules.every((f) => f.side === 'above'))).toBe(true);
});
