/**
 * Peer groups (peer-benchmarking.md section 4) and their disclosure control (section 5), as pure
 * functions over a population's lines.
 */
import {
  BENCHMARK_K,
  type GroupLevel,
  type InstituteKind,
  type LengthClass,
  type WithheldReason,
} from '../api/benchmarks';

/** Where a length class starts and ends, in metres, per kind (short < first ≤ medium < second ≤ long). */
const LENGTH_EDGES: Record<InstituteKind, readonly [number, number]> = {
  pts: [300, 1000],
  courier: [10_000, 50_000],
};

export function lengthClassOf(kind: InstituteKind, length: number | null): LengthClass | null {
  if (length === null) return null;
  const [medium, long] = LENGTH_EDGES[kind];
  if (length < medium) return 'short';
  return length < long ? 'medium' : 'long';
}

/** The manufacturer a `vendor` group is named by: PTS lines only, not null, not `Other`. */
const vendorOf = (kind: InstituteKind, manufacturer: string | null): string | null =>
  kind === 'pts' && manufacturer !== null && manufacturer !== 'Other' ? manufacturer : null;

const LENGTH_LABELS: Record<InstituteKind, Record<LengthClass, string>> = {
  pts: {
    short: 'PTS lines under 300 m',
    medium: 'PTS lines 300–999 m',
    long: 'PTS lines 1000 m and longer',
  },
  courier: {
    short: 'Courier routes under 10 km',
    medium: 'Courier routes 10–49.9 km',
    long: 'Courier routes 50 km and longer',
  },
};

export const KIND_LABELS: Record<InstituteKind, string> = {
  pts: 'All PTS lines',
  courier: 'All courier routes',
};

/** The label of the kind's hemolysis group. */
export const HEMOLYSIS_GROUP_LABELS: Record<InstituteKind, string> = {
  pts: 'All PTS organizations',
  courier: 'All courier organizations',
};

export interface GroupId {
  key: string;
  level: GroupLevel;
  kind: InstituteKind;
  length_class: LengthClass | null;
  manufacturer: string | null;
  label: string;
  /** The key of the group it lies in; null for a kind group. */
  parent: string | null;
}

/** A line's chain of groups, broadest first (section 4). */
export function chainOf(
  kind: InstituteKind,
  length: number | null,
  manufacturer: string | null,
): GroupId[] {
  const chain: GroupId[] = [
    {
      key: kind,
      level: 'kind',
      kind,
      length_class: null,
      manufacturer: null,
      label: KIND_LABELS[kind],
      parent: null,
    },
  ];
  const lengthClass = lengthClassOf(kind, length);
  if (lengthClass === null) return chain;
  const lengthKey = `${kind}/${lengthClass}`;
  chain.push({
    key: lengthKey,
    level: 'length',
    kind,
    length_class: lengthClass,
    manufacturer: null,
    label: LENGTH_LABELS[kind][lengthClass],
    parent: kind,
  });
  const vendor = vendorOf(kind, manufacturer);
  if (vendor === null) return chain;
  chain.push({
    key: `${lengthKey}/${vendor}`,
    level: 'vendor',
    kind,
    length_class: lengthClass,
    manufacturer: vendor,
    label: `${LENGTH_LABELS[kind][lengthClass]}, ${vendor}`,
    parent: lengthKey,
  });
  return chain;
}

/** A line that takes part: its institute and its chain. */
export interface MemberLine {
  lineId: number;
  instituteId: number;
  chain: readonly GroupId[];
}

export interface Decision {
  shown: boolean;
  reason: WithheldReason | null;
}

export interface GroupMembers {
  id: GroupId;
  lines: MemberLine[];
  institutes: Set<number>;
}

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every group with at least one line, with its lines. */
export function groupsOf(lines: readonly MemberLine[]): Map<string, GroupMembers> {
  const groups = new Map<string, GroupMembers>();
  for (const line of lines) {
    for (const id of line.chain) {
      let g = groups.get(id.key);
      if (!g) {
        g = { id, lines: [], institutes: new Set() };
        groups.set(id.key, g);
      }
      g.lines.push(line);
      g.institutes.add(line.instituteId);
    }
  }
  return groups;
}

/** Rule 1's two tests: at least k institutes, and none with more than half of the lines. */
function ruleOne(g: GroupMembers): WithheldReason | null {
  if (g.institutes.size < BENCHMARK_K) return 'too_few_institutes';
  const perInstitute = new Map<number, number>();
  let most = 0;
  for (const line of g.lines) {
    const n = (perInstitute.get(line.instituteId) ?? 0) + 1;
    perInstitute.set(line.instituteId, n);
    most = Math.max(most, n);
  }
  return 2 * most > g.lines.length ? 'dominated' : null;
}

/** The groups of a quarter decided top-down (section 5), for every group with a line. */
export function decide(groups: Map<string, GroupMembers>): Map<string, Decision> {
  const decisions = new Map<string, Decision>();
  const children = new Map<string, GroupMembers[]>();
  for (const g of groups.values()) {
    if (g.id.parent === null) continue;
    const list = children.get(g.id.parent) ?? [];
    list.push(g);
    children.set(g.id.parent, list);
  }
  const withhold = (g: GroupMembers, reason: WithheldReason) => {
    decisions.set(g.id.key, { shown: false, reason });
    for (const child of children.get(g.id.key) ?? []) withhold(child, 'parent_withheld');
  };
  const show = (g: GroupMembers) => {
    decisions.set(g.id.key, { shown: true, reason: null });
    const candidates: GroupMembers[] = [];
    for (const child of children.get(g.id.key) ?? []) {
      const reason = ruleOne(child);
      if (reason) withhold(child, reason);
      else candidates.push(child);
    }
    // R: the lines of G in no candidate, counted per institute.
    const inCandidate = new Set<number>();
    for (const c of candidates) for (const line of c.lines) inCandidate.add(line.lineId);
    const rest = new Map<number, number>();
    for (const line of g.lines) {
      if (!inCandidate.has(line.lineId)) {
        rest.set(line.instituteId, (rest.get(line.instituteId) ?? 0) + 1);
      }
    }
    while (rest.size >= 1 && rest.size < BENCHMARK_K && candidates.length > 0) {
      candidates.sort(
        (a, b) =>
          a.institutes.size - b.institutes.size ||
          a.lines.length - b.lines.length ||
          compareKeys(a.id.key, b.id.key),
      );
      const dropped = candidates.shift()!;
      withhold(dropped, 'differencing');
      for (const line of dropped.lines) {
        rest.set(line.instituteId, (rest.get(line.instituteId) ?? 0) + 1);
      }
    }
    for (const c of candidates) show(c);
  };
  for (const g of groups.values()) {
    if (g.id.parent !== null) continue;
    const reason = ruleOne(g);
    if (reason) withhold(g, reason);
    else show(g);
  }
  return decisions;
}

/** Groups in the answers' order: by level (kind, length, vendor), then key in code-point order. */
export const LEVEL_ORDER: Record<GroupLevel, number> = { kind: 0, length: 1, vendor: 2 };
export const byLevelThenKey = (a: GroupId, b: GroupId): number =>
  LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || compareKeys(a.key, b.key);
export { compareKeys };
