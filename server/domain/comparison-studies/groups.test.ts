import { computeGroup } from '../../../shared/comparison';
import type { StudyAnalyteDto } from '../../../shared/api/comparison-studies';
import {
  PASSING_BABLOK_MAX_PAIRS,
  figuresOf,
  studyGroups,
  studyPairs,
  type StudyEntry,
  type StudyInputs,
} from './groups';

const values = (v: Partial<StudyEntry['values']>): StudyEntry['values'] => ({
  h_index: null,
  h_index_baseline: null,
  ldh: null,
  ldh_baseline: null,
  asat: null,
  asat_baseline: null,
  potassium: null,
  potassium_baseline: null,
  pfhb: null,
  pfhb_baseline: null,
  ...v,
});

const potassium: StudyAnalyteDto = {
  analyte: 'potassium',
  criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
  decision_levels: [4],
};
const ldh: StudyAnalyteDto = {
  analyte: 'ldh',
  criterion: { type: 'allowable_bias', scale: 'percent', limit: 5 },
  decision_levels: [],
};
const settings = { confidence: 0.95, errorRatio: 1, analytes: [ldh, potassium] };

const entry = (id: number, lineId: number, v: Partial<StudyEntry['values']>): StudyEntry => ({
  id,
  date: `2026-03-${String(10 + (id % 10)).padStart(2, '0')}`,
  lineId,
  values: values(v),
});

const inputs: StudyInputs = {
  lines: [
    { id: 2, name: 'Zulu' },
    { id: 1, name: 'Alpha' },
  ],
  entries: [
    entry(1, 1, { potassium: 4.2, potassium_baseline: 4.1, ldh: 200, ldh_baseline: 190 }),
    entry(2, 1, { potassium: 4.4, potassium_baseline: 4.29 }),
    entry(3, 2, { potassium: 3.9, potassium_baseline: 3.8, ldh: 180 }),
    entry(4, 2, { potassium: 5.1, potassium_baseline: 5.05 }),
    entry(5, 1, { potassium: 4.0, potassium_baseline: 4.05 }),
  ],
  exclusions: [
    {
      id: 9,
      clinicalDataId: 1,
      analyte: null,
      reason: 'All',
      createdById: 1,
      createdByName: 'A',
      createdAt: '2026-03-20T00:00:00.000Z',
    },
    {
      id: 10,
      clinicalDataId: 1,
      analyte: 'potassium',
      reason: 'Potassium only',
      createdById: 1,
      createdByName: 'A',
      createdAt: '2026-03-20T00:00:00.000Z',
    },
  ],
};

describe('studyGroups', () => {
  it('orders by analyte in the study order, then line name, the all-lines group last', () => {
    const groups = studyGroups(settings, inputs);
    expect(groups.map((g) => [g.analyte, g.line_name, g.n, g.excluded])).toEqual([
      ['ldh', 'Alpha', 0, 1],
      ['ldh', 'Zulu', 0, 0],
      ['ldh', null, 0, 1],
      ['potassium', 'Alpha', 2, 1],
      ['potassium', 'Zulu', 2, 0],
      ['potassium', null, 4, 1],
    ]);
    expect(groups[3]).toMatchObject({ unit: 'mmol/L', line_id: 1, verdict: 'too_few_pairs' });
  });

  it('computes each group with the shared computeGroup on exact hundredths', () => {
    const [, , , , , all] = studyGroups(settings, inputs);
    const expected = computeGroup(
      [
        { id: 2, x: 429, y: 440 },
        { id: 3, x: 380, y: 390 },
        { id: 4, x: 505, y: 510 },
        { id: 5, x: 405, y: 400 },
      ],
      { confidence: 0.95, errorRatio: 1, decisionLevels: [4], criterion: potassium.criterion },
    );
    const { line_id, line_name, analyte, unit, excluded, ...figures } = all;
    expect([line_id, line_name, analyte, unit, excluded]).toEqual([
      null,
      null,
      'potassium',
      'mmol/L',
      1,
    ]);
    expect(figures).toEqual(expected);
  });
});

describe('studyPairs', () => {
  it('names the exclusion of the analyte before the one for every analyte', () => {
    const pairs = studyPairs(settings, inputs, 'potassium');
    expect(pairs.map((p) => [p.line_name, p.clinical_data])).toEqual([
      ['Alpha', 1],
      ['Alpha', 2],
      ['Alpha', 5],
      ['Zulu', 3],
      ['Zulu', 4],
    ]);
    expect(pairs[0].exclusion).toEqual({ id: 10, analyte: 'potassium', reason: 'Potassium only' });
    expect(studyPairs(settings, inputs, 'ldh')[0].exclusion).toMatchObject({ id: 9 });
    expect(pairs[2].difference).toBe(-0.05);
    expect(pairs[2].percent_difference).toBeCloseTo((100 * -5) / 405, 12);
  });

  it('rounds a value with more than two decimals instead of failing', () => {
    const odd: StudyInputs = {
      ...inputs,
      entries: [entry(7, 1, { potassium: 4.123, potassium_baseline: 4.1 })],
      exclusions: [],
    };
    expect(studyPairs(settings, odd, 'potassium')[0].difference).toBe(0.02);
  });
});

describe('figuresOf', () => {
  it(`leaves Passing-Bablok null past ${PASSING_BABLOK_MAX_PAIRS} pairs and computes the rest`, () => {
    const pairs = Array.from({ length: PASSING_BABLOK_MAX_PAIRS + 1 }, (_, i) => ({
      id: i + 1,
      x: 300 + (i % 200),
      y: 305 + (i % 200) + (i % 7),
    }));
    const figures = figuresOf(pairs, {
      confidence: 0.95,
      errorRatio: 1,
      decisionLevels: [4],
      criterion: potassium.criterion,
    });
    expect(figures.passing_bablok).toBeNull();
    expect(figures.decision_levels[0].bias_passing_bablok).toBeNull();
    expect(figures.deming).not.toBeNull();
    expect(figures.bland_altman.absolute?.n).toBe(pairs.length);
    expect(figures.verdict).toBe('acceptable');
  });
});
