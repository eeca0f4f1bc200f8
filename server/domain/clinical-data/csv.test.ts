import { CLINICAL_VALUE_FIELDS } from '../../../shared/api/clinical-data';
import { ClinicalCsvParser, lineNameKey, type LinesByName } from './csv';

const LINES: LinesByName = new Map<string, number | 'ambiguous'>([
  [lineNameKey('Alpha line'), 7],
  [lineNameKey('Twin'), 'ambiguous'],
]);

/** Parses a whole text fed in small chunks (lines and characters split across them). */
function parse(text: string | Buffer, chunkSize = 7, maxRows?: number) {
  const parser = new ClinicalCsvParser(LINES, { maxRows });
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let i = 0; i < bytes.length; i += chunkSize) parser.push(bytes.subarray(i, i + chunkSize));
  parser.end();
  return { batch: parser.takeBatch(), problems: parser.problems, count: parser.count };
}

describe('the clinical data import file', () => {
  it('reads rows column by column, empty cells as null, unknown columns ignored', () => {
    const { batch, problems, count } = parse(
      'Sample, DATE ,ldh,Line,LDH_baseline\nS1,2025-04-01,250.25,alpha LINE,240\nS2,2025-04-02,,,0\n',
    );
    expect(problems).toEqual([]);
    expect(count).toBe(2);
    expect(batch.dates).toEqual(['2025-04-01', '2025-04-02']);
    expect(batch.lineIds).toEqual([7, null]);
    expect(batch.values.ldh).toEqual([250.25, null]);
    expect(batch.values.ldh_baseline).toEqual([240, 0]);
    expect(batch.values.h_index).toEqual([null, null]);
    expect(Object.keys(batch.values)).toEqual([...CLINICAL_VALUE_FIELDS]);
  });

  it('takes decimal commas with semicolons, a byte-order mark split across chunks, and quotes', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('"date";"potassium"\r\n"2025-05-01";"4,25"\r\n\r\n2025-05-02;3,1\r\n'),
    ]);
    const { batch, problems } = parse(bytes, 1);
    expect(problems).toEqual([]);
    expect(batch.values.potassium).toEqual([4.25, 3.1]);
  });

  it('refuses more than two decimals, negatives, exponents that hide decimals and huge values', () => {
    const { problems, batch } = parse(
      'date,ldh,asat,pfhb,potassium\n2025-01-01,1.230,-0,1e-3,1e20\n2025-01-01,12.345,2.5e1,,\n',
    );
    expect(problems).toEqual([
      { line: 2, column: 'asat', msg: 'asat cannot be negative.' },
      { line: 2, column: 'pfhb', msg: "'1e-3' has more than two decimals." },
      { line: 2, column: 'potassium', msg: "'1e20' is too large." },
      { line: 3, column: 'ldh', msg: "'12.345' has more than two decimals." },
    ]);
    expect(batch.dates).toEqual([]);
  });

  it('refuses unknown and ambiguous line names, bad dates and unclosed quotes', () => {
    const { problems } = parse(
      'date,line,ldh\n2025-02-30,Nowhere,1\n2025-02-01,twin,1\n"2025-02-01,Alpha line,1\n',
    );
    expect(problems).toEqual([
      {
        line: 2,
        column: 'date',
        msg: 'Expected a date as YYYY-MM-DD between the years 1900 and 9999.',
      },
      { line: 2, column: 'line', msg: "This organization has no line named 'Nowhere'." },
      {
        line: 3,
        column: 'line',
        msg: "This organization has several lines named 'twin': rename one of them.",
      },
      { line: 4, column: 'date', msg: 'A quoted value is not closed on this line.' },
    ]);
  });

  it('refuses a header without date, without values or with a column twice', () => {
    expect(parse('ldh\n1\n').problems).toEqual([
      { line: 1, column: 'date', msg: "The header has no 'date' column." },
    ]);
    expect(parse('date,ldh,LDH\n2025-01-01,1,2\n').problems).toEqual([
      { line: 1, column: 'ldh', msg: "The header has the 'ldh' column twice." },
    ]);
    expect(parse('').problems).toEqual([
      {
        line: 1,
        column: 'date',
        msg: 'The file is empty: it needs a header with date and a value column.',
      },
    ]);
    expect(parse('date,ldh\n').problems).toEqual([
      { line: 1, column: 'date', msg: 'The file contains no entries.' },
    ]);
  });

  it('stops at the row limit', () => {
    const { problems } = parse(`date,ldh\n${'2025-01-01,1\n'.repeat(4)}`, 64, 3);
    expect(problems).toEqual([{ line: 5, column: 'date', msg: 'The file has more than 3 rows.' }]);
  });
});

describe('enzyme activities in µkat/L', () => {
  it('stores a column whose header names µkat/L exactly ×60, in U/L', () => {
    const { batch, problems } = parse(
      'date,ldh (µkat/L),ASAT (μkat/l),asat_baseline (U/L),potassium\n2025-04-01,1.23,0.45,27,4.1\n2025-04-02,4.07,0.01,,\n',
    );
    expect(problems).toEqual([]);
    expect(batch.values.ldh).toEqual([73.8, 244.2]);
    expect(batch.values.asat).toEqual([27, 0.6]);
    expect(batch.values.asat_baseline).toEqual([27, null]);
    expect(batch.values.potassium).toEqual([4.1, null]);
  });

  it('refuses a unit that is not one of the column', () => {
    const { problems } = parse('date,ldh (mmol/L),potassium (µkat/L)\n2025-04-01,1,2\n');
    expect(problems).toEqual([
      { line: 1, column: 'ldh', msg: "'mmol/l' is not a unit of ldh: use U/L or µkat/L." },
      {
        line: 1,
        column: 'potassium',
        msg: "'µkat/l' is not a unit of potassium: use U/L or µkat/L.",
      },
    ]);
  });
});
