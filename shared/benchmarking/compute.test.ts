import { computeQuarter, type PopulationInstitute } from './compute';

const HEMOLYSIS = {
  measurements: 0,
  cutoffs: {
    pre_hemi: 50,
    pre_hemr: 15,
    rejected_ldh: 15,
    rejected_asat: 40,
    rejected_potassium: 90,
  },
  counts: { pre_hemi: 0, pre_hemr: 0, rejected_ldh: 0, rejected_asat: 0, rejected_potassium: 0 },
};

const institute = (
  id: number,
  kind: 'pts' | 'courier',
  lines: Partial<PopulationInstitute['lines'][number]>[],
): PopulationInstitute => ({
  id,
  name: `Institute ${id}`,
  kind,
  timezone: 'UTC',
  hemolysis: HEMOLYSIS,
  lines: lines.map((l, i) => ({
    id: id * 100 + i,
    name: `Line ${i}`,
    length: null,
    manufacturer: null,
    handCarried: false,
    records: 6,
    value: 100 + id,
    ...l,
  })),
});

describe('a quarter computed', () => {
  const population = [
    institute(1, 'pts', [
      { name: 'b', value: 200 },
      { name: 'a', handCarried: true },
      { name: 'c', records: 5 },
    ]),
    ...[2, 3, 4, 5].map((id) => institute(id, 'pts', [{}])),
    // A courier's hand-carried route takes part as any route.
    ...[6, 7, 8, 9, 10].map((id) => institute(id, 'courier', [{ handCarried: true }])),
  ];
  const result = computeQuarter(population);

  it('lists every line by name with its status', () => {
    const own = result.answers.get(1)!;
    expect(own.lines.map((l) => [l.line_name, l.status, l.value])).toEqual([
      ['a', 'hand_carried', null],
      ['b', 'compared', 200],
      ['c', 'too_few_records', null],
    ]);
    expect(own.groups.map((g) => [g.key, g.shown, g.n_institutes])).toEqual([['pts', true, 5]]);
  });

  it('counts hand-carried courier routes', () => {
    const courier = result.answers.get(6)!;
    expect(courier.lines[0].status).toBe('compared');
    expect(courier.groups[0]).toMatchObject({ key: 'courier', shown: true, n_lines: 5 });
  });

  it('answers a kind without any hemolysis institute as withheld, without a count', () => {
    expect(result.answers.get(1)!.hemolysis.group).toEqual({
      key: 'pts',
      label: 'All PTS organizations',
      shown: false,
      n_institutes: null,
    });
    expect(result.overview.hemolysis_groups).toEqual([]);
  });

  it('gives staff every group with its contributors by name', () => {
    expect(result.overview.groups.map((g) => [g.key, g.reason, g.institutes.length])).toEqual([
      ['courier', null, 5],
      ['pts', null, 5],
    ]);
    expect(result.overview.participants).toHaveLength(10);
  });
});
