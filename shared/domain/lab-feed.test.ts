import {
  applyAction,
  countingResultSql,
  normaliseUnit,
  readValue,
  round6,
  unitFactor,
} from './lab-feed';

describe('reading a sent value (lab-feed.md section 5)', () => {
  it.each([
    ['35', 35, null],
    ['4,5', 4.5, null],
    ['<0,8', 0.8, '<'],
    ['>1000', 1000, '>'],
    ['>= 5', 5, '>='],
    [',5', 0.5, null],
    ['1,000', 1, null],
  ])('%s is the number %d with comparator %s', (text, number, comparator) => {
    expect(readValue(text)).toEqual({ kind: 'number', number, comparator, negative: false });
  });

  it('marks a minus, and reads grouping and grades as non-numeric', () => {
    expect(readValue('-4,2')).toMatchObject({ negative: true, number: 4.2 });
    expect(readValue('−3')).toMatchObject({ negative: true, number: 3 });
    for (const text of ['1 000', '1.000,5', '++', '', 'pos'])
      expect(readValue(text)).toEqual({ kind: 'flag', flag: 'non_numeric' });
  });

  it('reads the hemolysis words as hemolysed', () => {
    for (const text of [
      'H',
      'he',
      'HEM',
      'Hemolysed',
      'haemolytic',
      'HÆMOLYSE',
      'hämolytisch',
      'Hémolyse',
    ])
      expect(readValue(text)).toEqual({ kind: 'flag', flag: 'hemolysed' });
    expect(readValue('HEMATOCRIT')).toEqual({ kind: 'flag', flag: 'non_numeric' });
  });
});

describe('units', () => {
  it('normalises units and finds their factors, a mapping’s own first', () => {
    expect(normaliseUnit(' µkat / L ')).toBe('ukat/l');
    expect(normaliseUnit('μmol/L')).toBe('umol/l');
    expect(normaliseUnit('mikromol/l')).toBe('umol/l');
    expect(normaliseUnit('[IU]/L')).toBe('iu/l');
    expect(unitFactor('ldh', 'ukat/l', null)).toBe(60);
    expect(unitFactor('h_index', '', null)).toBe(1);
    expect(unitFactor('pfhb', '', null)).toBeNull();
    expect(unitFactor('h_index', 'g/l', { 'g/l': 10 })).toBe(10);
    expect(unitFactor('potassium', 'mg/dl', null)).toBeNull();
  });

  it('rounds to 6 decimals, half away from zero', () => {
    expect(round6(3.2 * 60)).toBe(192);
    expect(round6(0.35 * 60)).toBe(21);
    expect(round6(1.2 * 100)).toBe(120);
    expect(round6(0.0000005)).toBe(0.000001);
    expect(round6(1.61145 * 3)).toBe(4.83435);
  });
});

describe('the status table', () => {
  it('applies each incoming status to the current one', () => {
    expect(applyAction(null, 'preliminary')).toBe('preliminary');
    expect(applyAction('final', 'preliminary')).toBeNull();
    expect(applyAction('corrected', 'final')).toBeNull();
    expect(applyAction('final', 'final')).toBe('final');
    expect(applyAction(null, 'corrected')).toBe('corrected');
    expect(applyAction('preliminary', 'made_final')).toBe('final');
    expect(applyAction('final', 'made_final')).toBeNull();
    expect(applyAction('preliminary', 'cannot_obtain')).toBe('cannot_obtain');
    expect(applyAction('final', 'cannot_obtain')).toBeNull();
    expect(applyAction('corrected', 'delete')).toBe('none');
  });

  it('names the condition of a counting result', () => {
    expect(countingResultSql('r')).toBe(
      "r.is_current AND r.state = 'filed' AND r.status IN ('final','corrected') AND r.value IS NOT NULL AND r.line_id IS NOT NULL",
    );
  });
});
