/**
 * A quarter's peer benchmarking computed from its population (peer-benchmarking.md sections 3 to
 * 7): the groups and their decisions, every participant's answer and the staff overview. Pure:
 * the server loads the population from its stored aggregates and keeps what this returns.
 */
import {
  BENCHMARK_K,
  BENCHMARK_MIN_MEASUREMENTS,
  BENCHMARK_MIN_RECORDS,
  INDICATORS,
  type BenchmarkGroupDto,
  type BenchmarkIndicatorDto,
  type BenchmarkLineDto,
  type BenchmarksOverviewDto,
  type Indicator,
  type InstituteBenchmarksDto,
  type InstituteKind,
  type OverviewGroupDto,
  type OverviewHemolysisGroupDto,
} from '../api/benchmarks';
import {
  byLevelThenKey,
  chainOf,
  compareKeys,
  decide,
  groupsOf,
  HEMOLYSIS_GROUP_LABELS,
  lengthClassOf,
  LEVEL_ORDER,
  type Decision,
  type GroupId,
  type GroupMembers,
  type MemberLine,
} from './groups';
import {
  figuresOf,
  hemolysisBandOf,
  lineBandOf,
  placementOf,
  type GroupFigures,
} from './statistics';

export interface PopulationLine {
  id: number;
  name: string;
  /** Metres; null when not given. */
  length: number | null;
  manufacturer: string | null;
  handCarried: boolean;
  /** Its included records in the quarter, and their median `auc` (null without any). */
  records: number;
  value: number | null;
}

export interface PopulationHemolysis {
  /** Routine measurements in the quarter. */
  measurements: number;
  /** Per indicator, the cut-off (mg/dL) and the measurements strictly above it. */
  cutoffs: Record<Indicator, number>;
  counts: Record<Indicator, number>;
}

/** A participating institute (opted in, not archived) and its lines that are not archived. */
export interface PopulationInstitute {
  id: number;
  name: string;
  kind: InstituteKind;
  timezone: string;
  lines: PopulationLine[];
  hemolysis: PopulationHemolysis;
}

/** The part of an institute's answer the quarter's computation decides. */
export type InstituteAnswer = Pick<
  InstituteBenchmarksDto,
  'kind' | 'groups' | 'lines' | 'hemolysis'
>;
export type OverviewAnswer = Omit<BenchmarksOverviewDto, 'quarter' | 'computed_at'>;

export interface QuarterResult {
  answers: Map<number, InstituteAnswer>;
  overview: OverviewAnswer;
}

/** A line takes part: enough records, and not a `pts` institute's hand-carried reference. */
const takesPart = (kind: InstituteKind, line: PopulationLine): boolean =>
  !(kind === 'pts' && line.handCarried) && line.records >= BENCHMARK_MIN_RECORDS;

const compareNames = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  compareKeys(a.name, b.name) || a.id - b.id;

interface DecidedGroup extends GroupMembers {
  decision: Decision;
  figures: GroupFigures | null;
}

function groupDto(g: DecidedGroup): BenchmarkGroupDto {
  const { key, level, kind, length_class, manufacturer, label } = g.id;
  const head = { key, level, kind, length_class, manufacturer, label };
  if (!g.decision.shown || !g.figures) {
    return {
      ...head,
      shown: false,
      n_institutes: null,
      n_lines: null,
      robust_mean: null,
      robust_sd: null,
      percentiles: null,
    };
  }
  return {
    ...head,
    shown: true,
    n_institutes: g.institutes.size,
    n_lines: g.lines.length,
    robust_mean: g.figures.robust.mean,
    robust_sd: g.figures.robust.sd,
    percentiles: { ...g.figures.percentiles },
  };
}

export function computeQuarter(population: readonly PopulationInstitute[]): QuarterResult {
  const institutes = [...population].sort(compareNames);
  const valueOf = new Map<number, number>();
  const members: MemberLine[] = [];
  for (const inst of institutes) {
    for (const line of inst.lines) {
      if (!takesPart(inst.kind, line) || line.value === null) continue;
      valueOf.set(line.id, line.value);
      members.push({
        lineId: line.id,
        instituteId: inst.id,
        chain: chainOf(inst.kind, line.length, line.manufacturer),
      });
    }
  }
  const groups = groupsOf(members);
  const decisions = decide(groups);
  const decided = new Map<string, DecidedGroup>();
  for (const [key, g] of groups) {
    const decision = decisions.get(key)!;
    decided.set(key, {
      ...g,
      decision,
      figures: decision.shown ? figuresOf(g.lines.map((l) => valueOf.get(l.lineId)!)) : null,
    });
  }

  const hemolysis = hemolysisGroups(institutes);
  const answers = new Map<number, InstituteAnswer>();
  for (const inst of institutes) {
    answers.set(inst.id, instituteAnswer(inst, decided, hemolysis.get(inst.kind)));
  }
  return { answers, overview: overviewOf(institutes, decided, hemolysis) };
}

interface HemolysisGroup {
  kind: InstituteKind;
  institutes: PopulationInstitute[];
  shown: boolean;
  figures: Record<Indicator, GroupFigures> | null;
}

const rateOf = (h: PopulationHemolysis, indicator: Indicator): number | null =>
  h.measurements >= BENCHMARK_MIN_MEASUREMENTS ? h.counts[indicator] / h.measurements : null;

function hemolysisGroups(institutes: readonly PopulationInstitute[]) {
  const groups = new Map<InstituteKind, HemolysisGroup>();
  for (const inst of institutes) {
    if (inst.hemolysis.measurements < BENCHMARK_MIN_MEASUREMENTS) continue;
    const g = groups.get(inst.kind) ?? {
      kind: inst.kind,
      institutes: [],
      shown: false,
      figures: null,
    };
    g.institutes.push(inst);
    groups.set(inst.kind, g);
  }
  for (const g of groups.values()) {
    g.shown = g.institutes.length >= BENCHMARK_K;
    if (!g.shown) continue;
    g.figures = Object.fromEntries(
      INDICATORS.map((indicator) => [
        indicator,
        figuresOf(g.institutes.map((i) => rateOf(i.hemolysis, indicator)!)),
      ]),
    ) as Record<Indicator, GroupFigures>;
  }
  return groups;
}

function instituteAnswer(
  inst: PopulationInstitute,
  groups: Map<string, DecidedGroup>,
  hemolysis: HemolysisGroup | undefined,
): InstituteAnswer {
  const used = new Map<string, GroupId>();
  const lines: BenchmarkLineDto[] = [...inst.lines].sort(compareNames).map((line) => {
    const base = {
      line_id: line.id,
      line_name: line.name,
      length_class: lengthClassOf(inst.kind, line.length),
      manufacturer: line.manufacturer,
      records: line.records,
      value: null,
      group: null,
      z: null,
      percentile: null,
      quintile: null,
      band: null,
    };
    if (inst.kind === 'pts' && line.handCarried) return { ...base, status: 'hand_carried' };
    if (!takesPart(inst.kind, line) || line.value === null) {
      return { ...base, status: 'too_few_records' };
    }
    const chain = chainOf(inst.kind, line.length, line.manufacturer);
    for (const id of chain) used.set(id.key, id);
    const narrowest = [...chain].reverse().find((id) => groups.get(id.key)!.decision.shown);
    if (!narrowest) return { ...base, value: line.value, status: 'no_group' };
    const place = placementOf(groups.get(narrowest.key)!.figures!, line.value);
    return {
      ...base,
      value: line.value,
      status: 'compared',
      group: narrowest.key,
      z: place.z,
      percentile: place.percentile,
      quintile: place.quintile,
      band: lineBandOf(place.z),
    };
  });
  return {
    kind: inst.kind,
    groups: [...used.values()].sort(byLevelThenKey).map((id) => groupDto(groups.get(id.key)!)),
    lines,
    hemolysis: hemolysisAnswer(inst, hemolysis),
  };
}

function hemolysisAnswer(
  inst: PopulationInstitute,
  group: HemolysisGroup | undefined,
): InstituteAnswer['hemolysis'] {
  const h = inst.hemolysis;
  const shown = group?.shown ?? false;
  const status =
    h.measurements < BENCHMARK_MIN_MEASUREMENTS
      ? 'too_few_measurements'
      : shown
        ? 'compared'
        : 'no_group';
  const indicators: BenchmarkIndicatorDto[] = INDICATORS.map((indicator) => {
    const value = rateOf(h, indicator);
    const figures = shown ? group!.figures![indicator] : null;
    const place =
      status === 'compared' && figures && value !== null ? placementOf(figures, value) : null;
    return {
      indicator,
      cutoff: h.cutoffs[indicator],
      count: h.counts[indicator],
      value,
      band: value === null ? null : hemolysisBandOf(indicator, h.counts[indicator], h.measurements),
      robust_mean: figures?.robust.mean ?? null,
      robust_sd: figures?.robust.sd ?? null,
      percentiles: figures ? { ...figures.percentiles } : null,
      z: place?.z ?? null,
      percentile: place?.percentile ?? null,
      quintile: place?.quintile ?? null,
    };
  });
  return {
    measurements: h.measurements,
    status,
    group: {
      key: inst.kind,
      label: HEMOLYSIS_GROUP_LABELS[inst.kind],
      shown,
      n_institutes: shown ? group!.institutes.length : null,
    },
    indicators,
  };
}

function overviewOf(
  institutes: readonly PopulationInstitute[],
  groups: Map<string, DecidedGroup>,
  hemolysis: Map<InstituteKind, HemolysisGroup>,
): OverviewAnswer {
  const nameOf = new Map(institutes.map((i) => [i.id, i.name]));
  const overviewGroups: OverviewGroupDto[] = [...groups.values()]
    .sort(
      (a, b) =>
        compareKeys(a.id.kind, b.id.kind) ||
        LEVEL_ORDER[a.id.level] - LEVEL_ORDER[b.id.level] ||
        compareKeys(a.id.key, b.id.key),
    )
    .map((g) => {
      const perInstitute = new Map<number, number>();
      for (const line of g.lines) {
        perInstitute.set(line.instituteId, (perInstitute.get(line.instituteId) ?? 0) + 1);
      }
      return {
        ...groupDto(g),
        reason: g.decision.reason,
        n_institutes: g.institutes.size,
        n_lines: g.lines.length,
        institutes: [...perInstitute]
          .map(([id, n]) => ({ id, name: nameOf.get(id)!, n_lines: n }))
          .sort(compareNames),
      };
    });
  const hemolysisGroupsDto: OverviewHemolysisGroupDto[] = [...hemolysis.values()]
    .sort((a, b) => compareKeys(a.kind, b.kind))
    .map((g) => ({
      key: g.kind,
      kind: g.kind,
      label: HEMOLYSIS_GROUP_LABELS[g.kind],
      shown: g.shown,
      reason: g.shown ? null : 'too_few_institutes',
      n_institutes: g.institutes.length,
      institutes: g.institutes
        .map((i) => ({ id: i.id, name: i.name, measurements: i.hemolysis.measurements }))
        .sort(compareNames),
      indicators: g.figures
        ? (Object.fromEntries(
            INDICATORS.map((indicator) => {
              const f = g.figures![indicator];
              return [
                indicator,
                {
                  robust_mean: f.robust.mean,
                  robust_sd: f.robust.sd,
                  percentiles: { ...f.percentiles },
                },
              ];
            }),
          ) as NonNullable<OverviewHemolysisGroupDto['indicators']>)
        : null,
    }));
  return {
    k: BENCHMARK_K,
    participants: institutes.map((i) => ({
      id: i.id,
      name: i.name,
      kind: i.kind,
      timezone: i.timezone,
    })),
    groups: overviewGroups,
    hemolysis_groups: hemolysisGroupsDto,
  };
}
