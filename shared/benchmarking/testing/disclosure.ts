/**
 * The rules no answer may break (peer-benchmarking.md section 5), checked against the truth of a
 * population: the unit properties and the API tests both call these. Each returns what it found
 * wrong (empty when nothing).
 */
import type { BenchmarksOverviewDto, InstituteBenchmarksDto } from '../../api/benchmarks';
import { BENCHMARK_K, BENCHMARK_MIN_RECORDS } from '../../api/benchmarks';
import type { PopulationInstitute, PopulationLine } from '../compute';
import { chainOf } from '../groups';

/** A line as it truly is: the population's own shape. */
export type TruthLine = PopulationLine;
/** An institute as it truly is: the part of a participant the rules look at. */
export type TruthInstitute = Pick<PopulationInstitute, 'id' | 'name' | 'kind'> & {
  lines: TruthLine[];
};

/** Each taking-part line's institute and the keys of its chain. */
function takingPart(population: readonly TruthInstitute[]) {
  const found: { instituteId: number; keys: string[] }[] = [];
  for (const inst of population) {
    for (const line of inst.lines) {
      if (inst.kind === 'pts' && line.handCarried) continue;
      if (line.records < BENCHMARK_MIN_RECORDS || line.value === null) continue;
      const keys = chainOf(inst.kind, line.length, line.manufacturer).map((g) => g.key);
      found.push({ instituteId: inst.id, keys });
    }
  }
  return found;
}

/** The institutes with a taking-part line in each group key. */
function membersByKey(population: readonly TruthInstitute[]): Map<string, Set<number>> {
  const members = new Map<string, Set<number>>();
  for (const { instituteId, keys } of takingPart(population)) {
    for (const key of keys) {
      const set = members.get(key) ?? new Set<number>();
      set.add(instituteId);
      members.set(key, set);
    }
  }
  return members;
}

/** Institutes in `outer` and in none of `inner`, counted from the lines (not the sets). */
function differenceInstitutes(
  population: readonly TruthInstitute[],
  outer: string,
  inner: readonly string[],
): number {
  const found = new Set<number>();
  for (const { instituteId, keys } of takingPart(population)) {
    if (keys.includes(outer) && !inner.some((k) => keys.includes(k))) found.add(instituteId);
  }
  return found.size;
}

/** Shown keys must each hold ≥ k institutes, and nested shown keys differ by 0 or ≥ k. */
export function shownKeyViolations(
  population: readonly TruthInstitute[],
  shown: readonly string[],
): string[] {
  const wrong: string[] = [];
  const members = membersByKey(population);
  for (const key of shown) {
    const n = members.get(key)?.size ?? 0;
    if (n < BENCHMARK_K) wrong.push(`${key} is shown with ${n} institutes`);
  }
  for (const outer of shown) {
    const inside = shown.filter((k) => k.startsWith(`${outer}/`));
    for (const inner of inside) {
      const d = differenceInstitutes(population, outer, [inner]);
      if (d >= 1 && d < BENCHMARK_K) wrong.push(`${outer} minus ${inner} holds ${d} institutes`);
    }
    const children = inside.filter((k) => !k.slice(outer.length + 1).includes('/'));
    if (children.length > 1) {
      const d = differenceInstitutes(population, outer, children);
      if (d >= 1 && d < BENCHMARK_K)
        wrong.push(`${outer} minus its children holds ${d} institutes`);
    }
  }
  return wrong;
}

/** What a customer answer may not contain: another institute's name, id, line or a withheld count. */
export function customerAnswerViolations(
  population: readonly TruthInstitute[],
  answer: InstituteBenchmarksDto,
): string[] {
  const wrong: string[] = [];
  const own = population.find((i) => i.id === answer.institute);
  const ownLines = new Set(own?.lines.map((l) => l.id) ?? []);
  const json = JSON.stringify(answer);
  for (const inst of population) {
    if (inst.id === answer.institute) continue;
    if (json.includes(JSON.stringify(inst.name))) wrong.push(`names institute ${inst.id}`);
    for (const line of inst.lines) {
      if (json.includes(JSON.stringify(line.name))) wrong.push(`names line ${line.id}`);
    }
  }
  for (const line of answer.lines) {
    if (!ownLines.has(line.line_id)) wrong.push(`lists line ${line.line_id} of another institute`);
  }
  for (const g of answer.groups) {
    if (!g.shown && (g.n_institutes !== null || g.n_lines !== null || g.robust_mean !== null)) {
      wrong.push(`withheld ${g.key} answers a figure`);
    }
  }
  const hemolysisGroup = answer.hemolysis.group;
  if (!hemolysisGroup.shown && hemolysisGroup.n_institutes !== null) {
    wrong.push('withheld hemolysis group answers a count');
  }
  if (!hemolysisGroup.shown && answer.hemolysis.indicators.some((i) => i.robust_mean !== null)) {
    wrong.push('withheld hemolysis group answers a figure');
  }
  wrong.push(
    ...shownKeyViolations(
      population,
      answer.groups.filter((g) => g.shown).map((g) => g.key),
    ),
  );
  return wrong;
}

/** The staff overview: the same rules over every shown group. */
export const overviewViolations = (
  population: readonly TruthInstitute[],
  overview: Pick<BenchmarksOverviewDto, 'groups'>,
): string[] =>
  shownKeyViolations(
    population,
    overview.groups.filter((g) => g.shown).map((g) => g.key),
  );
