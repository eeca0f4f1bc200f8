/**
 * A study's pairs and groups (method-comparison.md sections 2 and 4), from the entries its query
 * found and its exclusions: pure, no I/O, so that a draft's results (read live) and an approved
 * study's (read from its frozen copy) are built by the same code.
 */
import type {
  ComparisonGroupDto,
  ComparisonPairDto,
  StudyAnalyte,
  StudyAnalyteDto,
} from '../../../shared/api/comparison-studies';
import type { ClinicalValueField } from '../../../shared/api/clinical-data';
import {
  ANALYTE_UNITS,
  computeGroup,
  toHundredths,
  type Confidence,
  type GroupFigures,
  type GroupOptions,
  type Pair,
} from '../../../shared/comparison';

/** The value columns of an entry, in the order a frozen entry stores them. */
export const VALUE_FIELDS = [
  'h_index',
  'h_index_baseline',
  'ldh',
  'ldh_baseline',
  'asat',
  'asat_baseline',
  'potassium',
  'potassium_baseline',
  'pfhb',
  'pfhb_baseline',
] as const satisfies readonly ClinicalValueField[];

/** An entry of clinical data a study's query found: its line (the line of the entry), values. */
export interface StudyEntry {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  lineId: number;
  values: Record<ClinicalValueField, number | null>;
}

export interface StudyExclusion {
  id: number;
  clinicalDataId: number;
  analyte: StudyAnalyte | null;
  reason: string;
  createdById: number | null;
  createdByName: string;
  /** ISO 8601 */
  createdAt: string;
}

export interface StudyLine {
  id: number;
  name: string;
}

/** What a study's figures are computed from: live for a draft, frozen for an approved study. */
export interface StudyInputs {
  entries: StudyEntry[];
  exclusions: StudyExclusion[];
  /** The study's lines that exist, by name. */
  lines: StudyLine[];
}

/** The settings of a study its figures depend on. */
export interface StudySettings {
  confidence: number;
  errorRatio: number;
  analytes: StudyAnalyteDto[];
}

/** Lines by name (then id): the groups' order within an analyte. */
export const byName = (a: StudyLine, b: StudyLine) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

/** A value as exact hundredths; a value with more decimals (entered before the rule) rounded. */
function hundredths(value: number): number | null {
  try {
    return toHundredths(value);
  } catch {
    const rounded = Math.round(value * 100);
    return Number.isSafeInteger(rounded) ? rounded : null;
  }
}

/** One candidate pair of an analyte: the entry, its values, and what excludes it (if anything). */
export interface CandidatePair {
  entry: StudyEntry;
  pair: Pair;
  reference: number;
  test: number;
  exclusion: StudyExclusion | null;
}

/** The exclusion of an entry for an analyte: one naming the analyte, else one for all. */
function exclusionIndex(exclusions: StudyExclusion[]) {
  const index = new Map<string, StudyExclusion>();
  for (const e of exclusions) {
    const key = `${e.clinicalDataId}:${e.analyte ?? ''}`;
    if (!index.has(key)) index.set(key, e);
  }
  return (entryId: number, analyte: StudyAnalyte) =>
    index.get(`${entryId}:${analyte}`) ?? index.get(`${entryId}:`) ?? null;
}

/**
 * The candidate pairs of each analyte: entries whose `<analyte>` and `<analyte>_baseline` are both
 * non-null, in the entries' order, with the exclusion that leaves each out.
 */
export function candidatePairs(
  inputs: StudyInputs,
  analytes: readonly StudyAnalyte[],
): Map<StudyAnalyte, CandidatePair[]> {
  const excludedBy = exclusionIndex(inputs.exclusions);
  const result = new Map<StudyAnalyte, CandidatePair[]>();
  for (const analyte of analytes) {
    const pairs: CandidatePair[] = [];
    const baseline = `${analyte}_baseline` as const;
    for (const entry of inputs.entries) {
      const reference = entry.values[baseline];
      const test = entry.values[analyte];
      if (reference === null || test === null) continue;
      const x = hundredths(reference);
      const y = hundredths(test);
      if (x === null || y === null) continue;
      pairs.push({
        entry,
        pair: { id: entry.id, x, y },
        reference,
        test,
        exclusion: excludedBy(entry.id, analyte),
      });
    }
    result.set(analyte, pairs);
  }
  return result;
}

/**
 * Beyond this many pairs a group's Passing-Bablok regression (n(n−1)/2 slopes held and sorted)
 * is not computed: it is null, and the rest of the figures are computed as always. A study of
 * 100,000 pairs still answers.
 */
export const PASSING_BABLOK_MAX_PAIRS = 5000;

/** The figures of one group: the shared `computeGroup`, Passing-Bablok left out past the limit. */
export const figuresOf = (pairs: Pair[], options: GroupOptions): GroupFigures =>
  computeGroup(pairs, { ...options, passingBablok: pairs.length <= PASSING_BABLOK_MAX_PAIRS });

/**
 * The results' groups (section 4): per analyte in the study's order, a group per line by line
 * name, then the analyte over all the study's lines (`line_id` null). `figures` computes a group's
 * figures (the service passes one that keeps them, kept-figures.ts).
 */
export function studyGroups(
  settings: StudySettings,
  inputs: StudyInputs,
  figures: typeof figuresOf = figuresOf,
): ComparisonGroupDto[] {
  const lines = [...inputs.lines].sort(byName);
  const candidates = candidatePairs(
    inputs,
    settings.analytes.map((a) => a.analyte),
  );
  const groups: ComparisonGroupDto[] = [];
  for (const { analyte, criterion, decision_levels } of settings.analytes) {
    const options: GroupOptions = {
      confidence: settings.confidence as Confidence,
      errorRatio: settings.errorRatio,
      decisionLevels: decision_levels,
      criterion,
    };
    const all = candidates.get(analyte) ?? [];
    const group = (line: StudyLine | null, members: CandidatePair[]): ComparisonGroupDto => {
      const used = members.filter((c) => !c.exclusion).map((c) => c.pair);
      return {
        line_id: line?.id ?? null,
        line_name: line?.name ?? null,
        analyte,
        unit: ANALYTE_UNITS[analyte],
        excluded: members.length - used.length,
        ...figures(used, options),
      };
    };
    for (const line of lines) {
      groups.push(
        group(
          line,
          all.filter((c) => c.entry.lineId === line.id),
        ),
      );
    }
    groups.push(group(null, all));
  }
  return groups;
}

/** The pairs as the pairs list and the export show them, by analyte, line name, date, entry. */
export function studyPairs(
  settings: StudySettings,
  inputs: StudyInputs,
  only?: StudyAnalyte,
): ComparisonPairDto[] {
  const names = new Map(inputs.lines.map((l) => [l.id, l]));
  const analytes = settings.analytes.map((a) => a.analyte).filter((a) => !only || a === only);
  const candidates = candidatePairs(inputs, analytes);
  const rows: ComparisonPairDto[] = [];
  for (const analyte of analytes) {
    const pairs = [...(candidates.get(analyte) ?? [])].sort((a, b) => {
      const la = names.get(a.entry.lineId);
      const lb = names.get(b.entry.lineId);
      const byLine = la && lb ? byName(la, lb) : 0;
      return (
        byLine ||
        (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : 0) ||
        a.entry.id - b.entry.id
      );
    });
    for (const c of pairs) {
      const { x, y } = c.pair;
      rows.push({
        clinical_data: c.entry.id,
        date: c.entry.date,
        line_id: c.entry.lineId,
        line_name: names.get(c.entry.lineId)?.name ?? '',
        analyte,
        reference: c.reference,
        test: c.test,
        difference: (y - x) / 100,
        percent_difference: x > 0 ? (100 * (y - x)) / x : null,
        exclusion: c.exclusion
          ? { id: c.exclusion.id, analyte: c.exclusion.analyte, reason: c.exclusion.reason }
          : null,
      });
    }
  }
  return rows;
}
