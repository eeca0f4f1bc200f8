import {
  countRules,
  describeRule,
  EMPTY_SEQUENCE,
  evaluateSequence,
  evaluateTail,
  EVALUATION_WARM_UP,
  ewmaLimit,
  isAlarm,
  monitoringBaseline,
  nextPoint,
  type MonitoringBaseline,
  type MonitoringRule,
  type RuleSide,
} from './monitoring-rules';

/** Baseline VitalMetrics 9, 10, 11: mean 10 and s 1 exactly, so a value is 10 + its z. */
const baseline = monitoringBaseline([9, 10, 11]) as MonitoringBaseline;
const values = (zs: number[]) => zs.map((z) => 10 + z);

/** Where (1-based record) and on which side `rule` fires over a sequence given by its z. */
function firings(zs: number[], rule: MonitoringRule): [number, RuleSide][] {
  return evaluateSequence(values(zs), baseline).points.flatMap((p, k) =>
    p.rules.filter((f) => f.rule === rule).map((f): [number, RuleSide] => [k + 1, f.side]),
  );
}

describe('the baseline a line is monitored against', () => {
  it('gives n, mean, sample SD and the 99% range, its lower bound never below 0', () => {
    expect(baseline).toEqual({ n: 3, mean: 10, sd: 1, lower: 10 - 2.5758, upper: 10 + 2.5758 });
    expect(monitoringBaseline([0, 1, 2])).toMatchObject({ mean: 1, sd: 1, lower: 0 });
  });

  it('says why a line is not monitored: no baseline, 2 or fewer records, no spread', () => {
    expect(monitoringBaseline(null)).toBe('no_baseline');
    expect(monitoringBaseline([])).toBe('too_few_records');
    expect(monitoringBaseline([1, 2])).toBe('too_few_records');
    expect(monitoringBaseline([5, 5])).toBe('too_few_records');
    expect(monitoringBaseline([5, 5, 5])).toBe('no_spread');
    // The float mean of three 0.1 is not 0.1: s is still 0, not a rounding error's tiny spread.
    expect(monitoringBaseline([0.1, 0.1, 0.1])).toBe('no_spread');
    expect(monitoringBaseline([5, 5, 5.001])).toMatchObject({ n: 3 });
  });
});

describe('control rules at their exact boundaries (a value equal to a limit does not fire)', () => {
  it('1_2s: |z| above 2, on the side of z', () => {
    expect(firings([2, -2, 1.9], '1_2s')).toEqual([]);
    expect(firings([2.001, -2.001, 3.5], '1_2s')).toEqual([
      [1, 'above'],
      [2, 'below'],
      [3, 'above'],
    ]);
  });

  it('1_3s: |z| above 3, on the side of z', () => {
    expect(firings([3, -3, 2.5], '1_3s')).toEqual([]);
    expect(firings([3.001, -3.001], '1_3s')).toEqual([
      [1, 'above'],
      [2, 'below'],
    ]);
  });

  it('2_2s: two in a row beyond 2 SD on one side, from the 2nd record on', () => {
    expect(firings([2.5], '2_2s')).toEqual([]);
    expect(firings([2.5, 2], '2_2s')).toEqual([]);
    expect(firings([2, 2.5], '2_2s')).toEqual([]);
    expect(firings([-2.5, -2], '2_2s')).toEqual([]);
    expect(firings([2.5, -2.5], '2_2s')).toEqual([]);
    expect(firings([2.5, 2.1, 2.2], '2_2s')).toEqual([
      [2, 'above'],
      [3, 'above'],
    ]);
    expect(firings([-2.1, -2.5], '2_2s')).toEqual([[2, 'below']]);
  });

  it('R_4s: one beyond +2 SD and the next beyond −2 SD (or the reverse), side of the last', () => {
    expect(firings([-2.5], 'R_4s')).toEqual([]);
    expect(firings([2.5, -2], 'R_4s')).toEqual([]);
    expect(firings([2, -2.5], 'R_4s')).toEqual([]);
    expect(firings([2.5, 2.5], 'R_4s')).toEqual([]);
    expect(firings([2.5, 0, -2.5], 'R_4s')).toEqual([]);
    expect(firings([2.1, -2.1, 2.1], 'R_4s')).toEqual([
      [2, 'below'],
      [3, 'above'],
    ]);
  });

  it('4_1s: four in a row beyond 1 SD on one side, from the 4th record on', () => {
    expect(firings([1.5, 1.5, 1.5], '4_1s')).toEqual([]);
    expect(firings([1.5, 1.5, 1, 1.5], '4_1s')).toEqual([]);
    expect(firings([1.5, 1.5, -1.5, 1.5], '4_1s')).toEqual([]);
    expect(firings([1.5, 1.2, 1.1, 1.01, 1.3, 0.5], '4_1s')).toEqual([
      [4, 'above'],
      [5, 'above'],
    ]);
    expect(firings([-1.1, -1.1, -1.1, -1], '4_1s')).toEqual([]);
    expect(firings([-1.1, -1.1, -1.1, -1.1], '4_1s')).toEqual([[4, 'below']]);
  });

  it('10_x: ten in a row on one side of the mean, from the 10th record on', () => {
    const nine = Array<number>(9).fill(0.5);
    expect(firings(nine, '10_x')).toEqual([]);
    expect(firings([...nine, 0], '10_x')).toEqual([]);
    expect(firings([...nine.slice(0, 4), 0, ...nine.slice(4)], '10_x')).toEqual([]);
    expect(firings([-0.1, ...nine, 0.1, 0.2], '10_x')).toEqual([
      [11, 'above'],
      [12, 'above'],
    ]);
    expect(firings([...nine.map((z) => -z), -0.01], '10_x')).toEqual([[10, 'below']]);
    expect(firings([...nine.map((z) => -z), 0.01], '10_x')).toEqual([]);
  });

  it('ewma: |E_i| above its limit L_i, on the side of E_i (not of z_i)', () => {
    // E_1 = 0.2·z_1 against L_1 = 0.6: z_1 = 3 is the boundary.
    expect(firings([2.99], 'ewma')).toEqual([]);
    expect(firings([3.01], 'ewma')).toEqual([[1, 'above']]);
    expect(firings([-3.01], 'ewma')).toEqual([[1, 'below']]);
    // E = 0.8, 1.44, 1.052 against L = 0.6, 0.768, 0.859: the third z is negative, E still above.
    expect(firings([4, 4, -0.5], 'ewma')).toEqual([
      [1, 'above'],
      [2, 'above'],
      [3, 'above'],
    ]);
  });

  it('out_of_range: outside the 99% range, the bounds counting as inside', () => {
    const at = [baseline.lower, baseline.upper].map((v) => v - 10);
    expect(firings(at, 'out_of_range')).toEqual([]);
    expect(firings([at[1] + 1e-9, at[0] - 1e-9], 'out_of_range')).toEqual([
      [1, 'above'],
      [2, 'below'],
    ]);
  });

  it('revalidation: only at the 4th out-of-range record of the sequence, on its side', () => {
    const zs = [3, 0, -3, 0.5, 2.8, 0, 0, 1, 0, 0, 0, 0];
    expect(firings(zs, 'revalidation')).toEqual([]);
    expect(firings([...zs, -2.7, 3, -3], 'out_of_range').map(([i]) => i)).toEqual([
      1, 3, 5, 13, 14, 15,
    ]);
    expect(firings([...zs, -2.7, 3, -3], 'revalidation')).toEqual([[13, 'below']]);
  });
});

describe('the EWMA', () => {
  it('starts from 0 and weighs each z by λ = 0.2, against the limit of record i', () => {
    const { points } = evaluateSequence(values([1, 2, -1, 0.5]), baseline);
    const ewma = points.map((p) => p.ewma);
    // E_1 = 0.2; E_2 = 0.4 + 0.16; E_3 = −0.2 + 0.448; E_4 = 0.1 + 0.1984
    [0.2, 0.56, 0.248, 0.2984].forEach((e, k) => expect(ewma[k]).toBeCloseTo(e, 12));
    // L_i = 3·sqrt(0.2/1.8·(1 − 0.8^(2i))) = 3·sqrt(0.04), 3·sqrt(0.0656), 3·sqrt(0.081984), …
    const limits = [0.6, 0.7683749084919418, 0.8589854480723175, 0.912265224592059];
    points.forEach((p, k) => expect(p.ewmaLimit).toBeCloseTo(limits[k], 12));
    expect(ewmaLimit(1000)).toBeCloseTo(1, 12);
    expect(points.map((p) => p.z)).toEqual([1, 2, -1, 0.5]);
  });
});

describe('a sequence crossing several rules', () => {
  const zs = [0.5, 1.2, 1.5, 1.8, 2.4, 2.2, -2.3, 3.2, 0.1, 0.2];
  const { points } = evaluateSequence(values(zs), baseline);
  const marks = points.map((p) => p.rules.map((f) => `${f.rule}:${f.side}`));

  it('marks each record with every rule that fires there', () => {
    // E: 0.1, 0.32, 0.556, 0.8048, 1.12384, 1.339072, 0.6112576, 1.12900608, 0.92320486, …
    // L: 0.6, 0.768, 0.859, 0.912, 0.945, 0.965, 0.978, 0.986, 0.991, …
    expect(marks).toEqual([
      [],
      [],
      [],
      [],
      ['1_2s:above', '4_1s:above', 'ewma:above'],
      ['1_2s:above', '2_2s:above', '4_1s:above', 'ewma:above'],
      ['1_2s:below', 'R_4s:below'],
      ['1_2s:above', '1_3s:above', 'R_4s:above', 'ewma:above', 'out_of_range:above'],
      [],
      [],
    ]);
  });

  it('counts, per rule, the records it fires at', () => {
    expect(countRules(points)).toEqual({
      '1_2s': 4,
      '1_3s': 1,
      '2_2s': 1,
      R_4s: 2,
      '4_1s': 2,
      '10_x': 0,
      ewma: 3,
      out_of_range: 1,
      revalidation: 0,
    });
  });

  it('gives the same points record by record as over the whole sequence', () => {
    let state = EMPTY_SEQUENCE;
    const oneByOne = values(zs).map((v) => {
      const next = nextPoint(state, v, baseline);
      state = next.state;
      return next.point;
    });
    expect(oneByOne).toEqual(points);
  });
});

describe('the points of a long sequence read from its last records only', () => {
  /** A seeded generator, so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  /** A line that wanders: noise, steps, a slow drift and spikes, 1,500 records. */
  function wanderingLine(seed: number): number[] {
    const next = random(seed);
    return Array.from({ length: 1500 }, (_, k) => {
      const step = k > 700 && k < 900 ? 1.5 : 0;
      const drift = k > 1200 ? (k - 1200) / 100 : 0;
      const spike = next() < 0.02 ? 4 * (next() - 0.5) * 2 : 0;
      return Math.max(0, 10 + 2 * (next() - 0.5) * 1.8 + step + drift + spike);
    });
  }

  it.each([1, 2, 3, 4, 5])(
    'gives every point bit for bit as the whole sequence does (seed %i)',
    (seed) => {
      const line = wanderingLine(seed);
      const whole = evaluateSequence(line, baseline).points;
      for (const end of [EVALUATION_WARM_UP + 1, 480, 777, 1000, 1234, 1500]) {
        for (const shown of [1, 20, 200]) {
          const start = Math.max(0, end - shown - EVALUATION_WARM_UP);
          const warmUp = end - shown - start;
          const before = whole
            .slice(0, start)
            .filter((p) => p.rules.some((f) => f.rule === 'out_of_range'));
          const tail = evaluateTail(line.slice(start, end), baseline, {
            warmUp,
            outOfRangeBefore: Math.min(before.length, 4),
          });
          expect(tail).toEqual(whole.slice(end - shown, end));
        }
      }
    },
  );

  it('fires revalidation at the 4th out-of-range record when three came before the window', () => {
    const line = [...Array<number>(EVALUATION_WARM_UP).fill(10), 20];
    const [point] = evaluateTail(line, baseline, {
      warmUp: EVALUATION_WARM_UP,
      outOfRangeBefore: 3,
    });
    expect(point.rules).toContainEqual({ rule: 'revalidation', side: 'above' });
    const [later] = evaluateTail(line, baseline, {
      warmUp: EVALUATION_WARM_UP,
      outOfRangeBefore: 4,
    });
    expect(later.rules).not.toContainEqual({ rule: 'revalidation', side: 'above' });
  });
});

it('names rules in words and knows which are alarms', () => {
  expect(describeRule('2_2s', 'above')).toBe('2 of 2 above +2 SD');
  expect(describeRule('4_1s', 'below')).toBe('4 of 4 below −1 SD');
  expect(['1_2s', 'out_of_range'].every((r) => !isAlarm(r as MonitoringRule))).toBe(true);
  expect(
    (['1_3s', '2_2s', 'R_4s', '4_1s', '10_x', 'ewma', 'revalidation'] as const).every(isAlarm),
  ).toBe(true);
});
