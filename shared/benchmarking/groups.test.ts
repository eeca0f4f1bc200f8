import { chainOf, decide, groupsOf, lengthClassOf, type MemberLine } from './groups';

/** Lines of institutes 1..n, one each unless `per` says more, with a length and a make. */
function lines(
  spec: { institute: number; length: number | null; make?: string | null; count?: number }[],
): MemberLine[] {
  let id = 0;
  return spec.flatMap(({ institute, length, make = null, count = 1 }) =>
    Array.from({ length: count }, () => ({
      lineId: ++id,
      instituteId: institute,
      chain: chainOf('pts', length, make),
    })),
  );
}

const decisionsOf = (ls: MemberLine[]) => Object.fromEntries(decide(groupsOf(ls)));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the chain', () => {
  it('classes lengths per kind', () => {
    expect(lengthClassOf('pts', 299.9)).toBe('short');
    expect(lengthClassOf('pts', 300)).toBe('medium');
    expect(lengthClassOf('pts', 1000)).toBe('long');
    expect(lengthClassOf('courier', 9999)).toBe('short');
    expect(lengthClassOf('courier', 10_000)).toBe('medium');
    expect(lengthClassOf('courier', 50_000)).toBe('long');
    expect(lengthClassOf('pts', null)).toBeNull();
  });

  it('names each level, with no vendor for couriers, Other or an unknown make', () => {
    expect(chainOf('pts', 450, 'Swisslog').map((g) => [g.key, g.label])).toEqual([
      ['pts', 'All PTS lines'],
      ['pts/medium', 'PTS lines 300–999 m'],
      ['pts/medium/Swisslog', 'PTS lines 300–999 m, Swisslog'],
    ]);
    expect(chainOf('courier', 12_000, 'Swisslog').map((g) => [g.key, g.label])).toEqual([
      ['courier', 'All courier routes'],
      ['courier/medium', 'Courier routes 10–49.9 km'],
    ]);
    expect(chainOf('pts', 450, 'Other')).toHaveLength(2);
    expect(chainOf('pts', null, 'Swisslog')).toHaveLength(1);
  });
});

describe('disclosure control', () => {
  it('shows a kind group of 5 institutes and withholds one of 4', () => {
    expect(decisionsOf(lines(range(1, 5).map((i) => ({ institute: i, length: null }))))).toEqual({
      pts: { shown: true, reason: null },
    });
    expect(decisionsOf(lines(range(1, 4).map((i) => ({ institute: i, length: null }))))).toEqual({
      pts: { shown: false, reason: 'too_few_institutes' },
    });
  });

  it('withholds a group where one institute has more than half of the lines', () => {
    const dominated = lines([
      { institute: 1, length: null, count: 5 },
      ...range(2, 5).map((i) => ({ institute: i, length: null })),
    ]);
    expect(decisionsOf(dominated).pts).toEqual({ shown: false, reason: 'dominated' });
    const half = lines([
      { institute: 1, length: null, count: 4 },
      ...range(2, 5).map((i) => ({ institute: i, length: null })),
    ]);
    expect(decisionsOf(half).pts).toEqual({ shown: true, reason: null });
  });

  it('withholds the children of a withheld group', () => {
    const d = decisionsOf(
      lines(range(1, 4).map((i) => ({ institute: i, length: 500, make: 'A' }))),
    );
    expect(d['pts/medium']).toEqual({ shown: false, reason: 'parent_withheld' });
    expect(d['pts/medium/A']).toEqual({ shown: false, reason: 'parent_withheld' });
  });

  it('withholds a child of 5 inside a parent of 6 (the difference would be one institute)', () => {
    const d = decisionsOf(
      lines([
        ...range(1, 5).map((i) => ({ institute: i, length: 500 })),
        { institute: 6, length: null },
      ]),
    );
    expect(d.pts).toEqual({ shown: true, reason: null });
    expect(d['pts/medium']).toEqual({ shown: false, reason: 'differencing' });
  });

  it('shows a child of 5 inside a parent of 10', () => {
    const d = decisionsOf(
      lines([
        ...range(1, 5).map((i) => ({ institute: i, length: 500 })),
        ...range(6, 10).map((i) => ({ institute: i, length: null })),
      ]),
    );
    expect(d['pts/medium']).toEqual({ shown: true, reason: null });
  });

  it('withholds the smallest sibling until the rest holds 5 institutes', () => {
    const d = decisionsOf(
      lines([
        ...range(1, 5).map((i) => ({ institute: i, length: 500 })),
        ...range(6, 11).map((i) => ({ institute: i, length: 2000 })),
        { institute: 12, length: null },
      ]),
    );
    expect(d['pts/medium']).toEqual({ shown: false, reason: 'differencing' });
    expect(d['pts/long']).toEqual({ shown: true, reason: null });
  });

  it('breaks ties by lines, then by key', () => {
    const d = decisionsOf(
      lines([
        ...range(1, 5).map((i) => ({ institute: i, length: 500 })),
        ...range(6, 10).map((i) => ({ institute: i, length: 2000 })),
        { institute: 11, length: null },
      ]),
    );
    // Both have 5 institutes and 5 lines: `pts/long` comes first in code-point order.
    expect(d['pts/long']).toEqual({ shown: false, reason: 'differencing' });
    expect(d['pts/medium']).toEqual({ shown: true, reason: null });
  });

  it('passes on a child that fails rule 1 with its own reason', () => {
    const d = decisionsOf(
      lines([
        ...range(1, 4).map((i) => ({ institute: i, length: 500 })),
        ...range(5, 10).map((i) => ({ institute: i, length: null })),
      ]),
    );
    expect(d['pts/medium']).toEqual({ shown: false, reason: 'too_few_institutes' });
  });
});
