/**
 * An independent implementation of peer benchmarking's figures (peer-benchmarking.md sections 3
 * to 6), written from the spec alone for the independent check of issue 43: it imports nothing
 * of shared/benchmarking and works from raw records and measurements, not from the product's
 * aggregates. Slow and plain on purpose: one value at a time, every rule spelled out.
 */

export interface RefRecord {
  line: number | null;
  date: Date;
  auc: number | null;
  included: boolean;
}

export interface RefLine {
  id: number;
  name: string;
  length: number | null;
  manufacturer: string | null;
  handCarried: boolean;
  archived: boolean;
}

export interface RefInstitute {
  id: number;
  name: string;
  kind: 'pts' | 'courier';
  optedIn: boolean;
  lines: RefLine[];
  records: RefRecord[];
  /** Routine (not donor) measurements' HI (mg/dL) in the quarter. */
  measurements: number[];
  /** The analyzer's thresholds (mg/dL). */
  thresholds: { ldh: number; asat: number; potassium: number };
}

export interface RefFigures {
  n_institutes: number;
  n_lines: number;
  robust_mean: number;
  robust_sd: number;
  percentiles: { p10: number; p25: number; p50: number; p75: number; p90: number };
}

export interface RefGroup {
  key: string;
  level: 'kind' | 'length' | 'vendor';
  parent: string | null;
  shown: boolean;
  /** line id → its value, for every taking-part line in the group. */
  values: Map<number, number>;
  institutes: Set<number>;
  lineInstitute: Map<number, number>;
  figures: RefFigures | null;
}

export interface RefLineResult {
  line_id: number;
  records: number;
  value: number | null;
  status: 'compared' | 'no_group' | 'too_few_records' | 'hand_carried';
  group: string | null;
  z: number | null;
  percentile: number | null;
  quintile: number | null;
  band: 'satisfactory' | 'questionable' | 'unsatisfactory' | null;
}

export interface RefIndicator {
  indicator: string;
  cutoff: number;
  count: number;
  value: number | null;
  band: 'high' | 'medium' | 'low' | null;
  robust_mean: number | null;
  robust_sd: number | null;
  percentiles: RefFigures['percentiles'] | null;
  z: number | null;
  percentile: number | null;
  quintile: number | null;
}

export interface RefAnswer {
  groups: { key: string; shown: boolean; figures: RefFigures | null }[];
  lines: RefLineResult[];
  hemolysis: {
    measurements: number;
    status: 'compared' | 'no_group' | 'too_few_measurements';
    shown: boolean;
    n_institutes: number | null;
    indicators: RefIndicator[];
  };
}

const K = 5;

function sortedCopy(xs: number[]): number[] {
  const out = xs.slice();
  out.sort((a, b) => a - b);
  return out;
}

export function refMedian(xs: number[]): number {
  const s = sortedCopy(xs);
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** ISO 13528 Algorithm A as section 6 states it, value by value. */
export function refAlgorithmA(xs: number[]): { mean: number; sd: number } {
  let mean = refMedian(xs);
  let sd = 1.483 * refMedian(xs.map((x) => Math.abs(x - mean)));
  if (sd === 0) return { mean, sd: 0 };
  for (let step = 1; step <= 1000; step++) {
    const delta = 1.5 * sd;
    const w = xs.map((x) =>
      x < mean - delta ? mean - delta : x > mean + delta ? mean + delta : x,
    );
    let total = 0;
    for (const v of w) total += v;
    const nextMean = total / w.length;
    let squares = 0;
    for (const v of w) squares += (v - nextMean) * (v - nextMean);
    const nextSd = 1.134 * Math.sqrt(squares / (w.length - 1));
    const stop =
      Math.abs(nextMean - mean) <= 1e-10 * nextSd && Math.abs(nextSd - sd) <= 1e-10 * nextSd;
    mean = nextMean;
    sd = nextSd;
    if (stop) break;
  }
  return { mean, sd };
}

/** numpy's default percentile (linear interpolation between closest ranks). */
export function refPercentile(xs: number[], p: number): number {
  const s = sortedCopy(xs);
  const h = (s.length - 1) * (p / 100);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo] + (h - lo) * (s[hi] - s[lo]);
}

function figuresOf(values: number[], institutes: number): RefFigures {
  const robust = refAlgorithmA(values);
  return {
    n_institutes: institutes,
    n_lines: values.length,
    robust_mean: robust.mean,
    robust_sd: robust.sd,
    percentiles: {
      p10: refPercentile(values, 10),
      p25: refPercentile(values, 25),
      p50: refPercentile(values, 50),
      p75: refPercentile(values, 75),
      p90: refPercentile(values, 90),
    },
  };
}

function place(values: number[], robust: { mean: number; sd: number }, x: number) {
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < x) below++;
    if (v === x) equal++;
  }
  const percentile = (100 * (below + equal / 2)) / values.length;
  return {
    z: robust.sd === 0 ? null : (x - robust.mean) / robust.sd,
    percentile,
    quintile: Math.min(5, Math.floor(percentile / 20) + 1),
  };
}

function lengthClass(kind: 'pts' | 'courier', length: number | null) {
  if (length === null) return null;
  const [a, b] = kind === 'pts' ? [300, 1000] : [10000, 50000];
  return length < a ? 'short' : length < b ? 'medium' : 'long';
}

/** The keys of a line's chain, broadest first (section 4). */
export function refChain(kind: 'pts' | 'courier', line: RefLine): string[] {
  const keys: string[] = [kind];
  const cls = lengthClass(kind, line.length);
  if (cls === null) return keys;
  keys.push(`${kind}/${cls}`);
  if (kind === 'pts' && line.manufacturer !== null && line.manufacturer !== 'Other') {
    keys.push(`${kind}/${cls}/${line.manufacturer}`);
  }
  return keys;
}

function inQuarter(date: Date, start: Date, end: Date) {
  return date.getTime() >= start.getTime() && date.getTime() < end.getTime();
}

/** A line's records and value in the quarter (section 3). */
function lineFigures(inst: RefInstitute, line: RefLine, start: Date, end: Date) {
  const aucs = inst.records
    .filter((r) => r.line === line.id && r.included && r.auc !== null)
    .filter((r) => inQuarter(r.date, start, end))
    .map((r) => r.auc!);
  return { records: aucs.length, value: aucs.length ? refMedian(aucs) : null };
}

function takesPart(inst: RefInstitute, line: RefLine, records: number) {
  return !line.archived && !(inst.kind === 'pts' && line.handCarried) && records >= 6;
}

/** Rule 1: at least k institutes and no institute with more than half of the lines. */
function passesRuleOne(g: RefGroup): boolean {
  if (g.institutes.size < K) return false;
  const per = new Map<number, number>();
  for (const inst of g.lineInstitute.values()) per.set(inst, (per.get(inst) ?? 0) + 1);
  return 2 * Math.max(...per.values()) <= g.values.size;
}

/** The whole quarter as section 5 decides it, for the institutes that take part. */
export function refQuarter(population: RefInstitute[], start: Date, end: Date) {
  const participants = population.filter((i) => i.optedIn);
  const groups = new Map<string, RefGroup>();
  for (const inst of participants) {
    for (const line of inst.lines) {
      const { records, value } = lineFigures(inst, line, start, end);
      if (!takesPart(inst, line, records) || value === null) continue;
      const chain = refChain(inst.kind, line);
      chain.forEach((key, depth) => {
        let g = groups.get(key);
        if (!g) {
          g = {
            key,
            level: (['kind', 'length', 'vendor'] as const)[depth],
            parent: depth === 0 ? null : chain[depth - 1],
            shown: false,
            values: new Map(),
            institutes: new Set(),
            lineInstitute: new Map(),
            figures: null,
          };
          groups.set(key, g);
        }
        g.values.set(line.id, value);
        g.institutes.add(inst.id);
        g.lineInstitute.set(line.id, inst.id);
      });
    }
  }
  const childrenOf = (key: string) => [...groups.values()].filter((g) => g.parent === key);
  const decideShown = (g: RefGroup) => {
    g.shown = true;
    const candidates = childrenOf(g.key).filter(passesRuleOne);
    for (;;) {
      const rest = new Set<number>();
      for (const [lineId, inst] of g.lineInstitute) {
        if (!candidates.some((c) => c.values.has(lineId))) rest.add(inst);
      }
      if (rest.size < 1 || rest.size > 4 || candidates.length === 0) break;
      candidates.sort(
        (a, b) =>
          a.institutes.size - b.institutes.size ||
          a.values.size - b.values.size ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
      candidates.shift();
    }
    for (const c of candidates) decideShown(c);
  };
  for (const g of groups.values()) {
    if (g.parent === null && passesRuleOne(g)) decideShown(g);
  }
  for (const g of groups.values()) {
    if (g.shown) g.figures = figuresOf([...g.values.values()], g.institutes.size);
  }
  return { participants, groups };
}

const INDICATORS = ['pre_hemi', 'pre_hemr', 'rejected_ldh', 'rejected_asat', 'rejected_potassium'];

function cutoffsOf(inst: RefInstitute): Record<string, number> {
  const { ldh, asat, potassium } = inst.thresholds;
  return {
    pre_hemi: 50,
    pre_hemr: Math.min(ldh, asat, potassium),
    rejected_ldh: ldh,
    rejected_asat: asat,
    rejected_potassium: potassium,
  };
}

function hemolysisBand(indicator: string, c: number, n: number) {
  if (indicator === 'pre_hemi') {
    return 10000 * c <= 69 * n ? 'high' : 10000 * c >= 323 * n ? 'low' : 'medium';
  }
  if (indicator === 'pre_hemr') {
    return 100000 * c <= 49 * n ? 'high' : 100000 * c >= 882 * n ? 'low' : 'medium';
  }
  return null;
}

/** An institute's answer as the spec defines it. */
export function refAnswer(
  quarter: ReturnType<typeof refQuarter>,
  inst: RefInstitute,
  start: Date,
  end: Date,
): RefAnswer {
  const { groups, participants } = quarter;
  const used = new Set<string>();
  const lines = inst.lines
    .filter((l) => !l.archived)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((line): RefLineResult => {
      const { records, value } = lineFigures(inst, line, start, end);
      const base = { line_id: line.id, records, value: null, group: null, z: null };
      const none = { percentile: null, quintile: null, band: null };
      if (inst.kind === 'pts' && line.handCarried)
        return { ...base, ...none, status: 'hand_carried' };
      if (!takesPart(inst, line, records) || value === null)
        return { ...base, ...none, status: 'too_few_records' };
      const chain = refChain(inst.kind, line);
      chain.forEach((k) => used.add(k));
      const narrowest = chain.reverse().find((k) => groups.get(k)!.shown);
      if (!narrowest) return { ...base, ...none, value, status: 'no_group' };
      const g = groups.get(narrowest)!;
      const p = place(
        [...g.values.values()],
        {
          mean: g.figures!.robust_mean,
          sd: g.figures!.robust_sd,
        },
        value,
      );
      const band =
        p.z === null
          ? null
          : p.z <= 2
            ? 'satisfactory'
            : p.z < 3
              ? 'questionable'
              : 'unsatisfactory';
      return { ...base, value, status: 'compared', group: narrowest, ...p, band };
    });
  const order = { kind: 0, length: 1, vendor: 2 };
  const answerGroups = [...used]
    .map((k) => groups.get(k)!)
    .sort((a, b) => order[a.level] - order[b.level] || (a.key < b.key ? -1 : 1))
    .map((g) => ({ key: g.key, shown: g.shown, figures: g.figures }));

  // Hemolysis: one value per participating institute of the kind with ≥ 1,000 measurements.
  const rates = (i: RefInstitute, indicator: string) =>
    i.measurements.filter((m) => m > cutoffsOf(i)[indicator]).length / i.measurements.length;
  const members = participants.filter((i) => i.kind === inst.kind && i.measurements.length >= 1000);
  const shown = members.length >= K;
  const n = inst.measurements.length;
  const status = n < 1000 ? 'too_few_measurements' : shown ? 'compared' : 'no_group';
  const indicators = INDICATORS.map((indicator): RefIndicator => {
    const cutoff = cutoffsOf(inst)[indicator];
    const count = inst.measurements.filter((m) => m > cutoff).length;
    const value = n >= 1000 ? count / n : null;
    const values = members.map((i) => rates(i, indicator));
    const robust = shown ? refAlgorithmA(values) : null;
    const p =
      status === 'compared' && robust && value !== null ? place(values, robust, value) : null;
    return {
      indicator,
      cutoff,
      count,
      value,
      band: value === null ? null : hemolysisBand(indicator, count, n),
      robust_mean: robust?.mean ?? null,
      robust_sd: robust?.sd ?? null,
      percentiles: shown
        ? {
            p10: refPercentile(values, 10),
            p25: refPercentile(values, 25),
            p50: refPercentile(values, 50),
            p75: refPercentile(values, 75),
            p90: refPercentile(values, 90),
          }
        : null,
      z: p?.z ?? null,
      percentile: p?.percentile ?? null,
      quintile: p?.quintile ?? null,
    };
  });
  return {
    groups: answerGroups,
    lines,
    hemolysis: {
      measurements: n,
      status,
      shown,
      n_institutes: shown ? members.length : null,
      indicators,
    },
  };
}

/** Equal to 1e-6: relative, or absolute below 1 (the spec's tolerance). */
export function agrees(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  const scale = Math.max(1, Math.abs(expected));
  return Math.abs(actual - expected) <= 1e-6 * scale;
}
