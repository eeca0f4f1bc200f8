import fc from 'fast-check';
import type { InstituteBenchmarksDto } from '../api/benchmarks';
import { computeQuarter, type PopulationInstitute } from './compute';
import { chainOf } from './groups';
import { customerAnswerViolations, overviewViolations } from './testing/disclosure';

const INDICATOR_ZERO = {
  pre_hemi: 0,
  pre_hemr: 0,
  rejected_ldh: 0,
  rejected_asat: 0,
  rejected_potassium: 0,
};
const CUTOFFS = {
  pre_hemi: 50,
  pre_hemr: 30,
  rejected_ldh: 30,
  rejected_asat: 60,
  rejected_potassium: 90,
};

/** Populations that crowd few groups: a handful of lengths and makes, some dominant institutes. */
const population = fc
  .array(
    fc.record({
      kind: fc.constantFrom('pts' as const, 'courier' as const),
      lines: fc.array(
        fc.record({
          length: fc.constantFrom(null, 100, 500, 1500, 20_000, 60_000),
          manufacturer: fc.constantFrom(null, 'Swisslog', 'Other', 'Aerocom'),
          handCarried: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
          records: fc.integer({ min: 0, max: 12 }),
          value: fc.double({ min: 1, max: 2000, noNaN: true }),
        }),
        { minLength: 0, maxLength: 7 },
      ),
      measurements: fc.constantFrom(0, 999, 1000, 5000),
      hemolyzed: fc.integer({ min: 0, max: 200 }),
    }),
    { minLength: 0, maxLength: 16 },
  )
  .map((list): PopulationInstitute[] => {
    let lineId = 1000;
    return list.map((spec, i) => ({
      id: i + 1,
      name: `Institute ${String.fromCharCode(65 + i)}-secret`,
      kind: spec.kind,
      timezone: 'UTC',
      lines: spec.lines.map((l) => {
        lineId += 1;
        return {
          id: lineId,
          name: `Line ${lineId}-secret`,
          length: l.length,
          manufacturer: l.manufacturer,
          handCarried: l.handCarried,
          records: l.records,
          value: l.records > 0 ? l.value : null,
        };
      }),
      hemolysis: {
        measurements: spec.measurements,
        cutoffs: CUTOFFS,
        counts: Object.fromEntries(
          Object.keys(INDICATOR_ZERO).map((k) => [k, Math.min(spec.hemolyzed, spec.measurements)]),
        ) as typeof INDICATOR_ZERO,
      },
    }));
  });

const fullAnswer = (
  id: number,
  part: ReturnType<typeof computeQuarter>['answers'] extends Map<number, infer A> ? A : never,
): InstituteBenchmarksDto => ({
  institute: id,
  quarter: '2026Q3',
  start: '',
  end: '',
  complete: true,
  computed_at: '',
  k: 5,
  min_records: 6,
  min_measurements: 1000,
  ...part,
});

describe('disclosure control over random populations', () => {
  it('no customer answer and no overview breaks the rules of section 5', () => {
    fc.assert(
      fc.property(population, (pop) => {
        const result = computeQuarter(pop);
        for (const inst of pop) {
          const answer = fullAnswer(inst.id, result.answers.get(inst.id)!);
          expect(customerAnswerViolations(pop, answer)).toEqual([]);
        }
        expect(overviewViolations(pop, result.overview)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('still holds when a sixth institute joins or one leaves', () => {
    fc.assert(
      fc.property(population, fc.nat(), (pop, pick) => {
        const variants = [pop, pop.filter((_, i) => pop.length === 0 || i !== pick % pop.length)];
        for (const p of variants) {
          const result = computeQuarter(p);
          for (const inst of p) {
            expect(
              customerAnswerViolations(p, fullAnswer(inst.id, result.answers.get(inst.id)!)),
            ).toEqual([]);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('compares a line with the narrowest shown group of its own chain', () => {
    fc.assert(
      fc.property(population, (pop) => {
        const result = computeQuarter(pop);
        const shown = new Set(result.overview.groups.filter((g) => g.shown).map((g) => g.key));
        for (const inst of pop) {
          const answer = result.answers.get(inst.id)!;
          for (const line of answer.lines) {
            const truth = inst.lines.find((l) => l.id === line.line_id)!;
            if (line.status !== 'compared' && line.status !== 'no_group') continue;
            const chain = chainOf(inst.kind, truth.length, truth.manufacturer).map((g) => g.key);
            const narrowest = chain.filter((k) => shown.has(k)).pop() ?? null;
            expect(line.group).toBe(narrowest);
            expect(line.status).toBe(narrowest === null ? 'no_group' : 'compared');
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
