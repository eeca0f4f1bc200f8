import {
  DEFAULT_ENZYME_UNIT,
  enzymeUnitOf,
  type EnzymeUnit,
  toStoredUnit,
} from '../../../shared/domain/enzyme-units';
import {
  CLINICAL_DATA_MESSAGES,
  CLINICAL_IMPORT_MAX_ROWS,
  CLINICAL_VALUE_FIELDS,
  type ClinicalValueField,
} from '../../../shared/api/clinical-data';
import { calendarDate } from '../../../shared/api/common';
import {
  CSV_READER_MESSAGES,
  CsvLines,
  csvNumber,
  readCsvHeader,
  splitCsvLine,
  type CsvDelimiter,
} from '../csv/reader';

/**
 * The streaming parser of a clinical data import (method-comparison.md section 1), on the CSV
 * rules of hemolysis-data.md section 3 (server/domain/csv/reader.ts). Feed the bytes chunk by
 * chunk; rows collect column by column in a batch (`batch`, `takeBatch`), so a caller stores them
 * in multi-row INSERTs and memory holds a batch, a chunk and the current line, never the file.
 */

export const CLINICAL_CSV_MESSAGES = {
  noHeader: 'The file is empty: it needs a header with date and a value column.',
  missingDate: "The header has no 'date' column.",
  noValueColumn: `The header has none of the value columns (${CLINICAL_VALUE_FIELDS.join(', ')}).`,
  duplicateColumn: (column: string) => `The header has the '${column}' column twice.`,
  unknownUnit: (unit: string, column: string) =>
    `'${unit}' is not a unit of ${column}: use U/L or µkat/L.`,
  unterminatedQuote: CSV_READER_MESSAGES.unterminatedQuote,
  dateRequired: CLINICAL_DATA_MESSAGES.dateRequired,
  unknownLine: (name: string) => `This organization has no line named '${name}'.`,
  ambiguousLine: (name: string) =>
    `This organization has several lines named '${name}': rename one of them.`,
  notANumber: CSV_READER_MESSAGES.notANumber,
  negative: (column: string) => `${column} cannot be negative.`,
  tooManyDecimals: (text: string) => `'${text}' has more than two decimals.`,
  tooLarge: (text: string) => `'${text}' is too large.`,
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows.`,
  noRows: 'The file contains no entries.',
} as const;

export const MAX_CLINICAL_CSV_PROBLEMS = 10;

/** The largest value whose hundredths are exact in a double (two decimals kept exactly). */
const MAX_VALUE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

export interface ClinicalCsvProblem {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  column: string;
  msg: string;
}

/** Rows read and not yet stored, one array per column (no object per row). */
export interface ClinicalCsvBatch {
  dates: string[];
  lineIds: (number | null)[];
  values: Record<ClinicalValueField, (number | null)[]>;
}

/** The institute's lines by their name as a file names them (trimmed, lower case). */
export type LinesByName = ReadonlyMap<string, number | 'ambiguous'>;

/** A line's name as the import compares it: trimmed, in lower case. */
export const lineNameKey = (name: string) => name.trim().toLowerCase();

/** Where each known column is in a row; unknown columns are ignored. */
interface Columns {
  date: number;
  line: number | null;
  /** Each value column: its field, its place and the unit its header names (U/L when none). */
  values: [ClinicalValueField, number, EnzymeUnit][];
}

/** The fields whose header may name µkat/L: the enzyme activities and their baselines. */
const ENZYME_FIELDS: ReadonlySet<string> = new Set([
  'ldh',
  'ldh_baseline',
  'asat',
  'asat_baseline',
]);

/** A header name with a unit (`ldh (µkat/L)`): the name and the unit's text. */
const WITH_UNIT = /^(\S+?)\s*\((.*)\)$/;

const VALUE_FIELDS: ReadonlySet<string> = new Set(CLINICAL_VALUE_FIELDS);

/**
 * The known columns of a header's names (the one place a header is read: a unit after a name
 * would be read here), or the problems that refuse it.
 */
function columnsOf(names: string[]): Columns | { problems: [string, string][] } {
  const problems: [string, string][] = [];
  const seen = new Map<string, number>();
  const units = new Map<string, EnzymeUnit>();
  names.forEach((header, i) => {
    const [, named, unitText] = WITH_UNIT.exec(header) ?? [header, header, undefined];
    const name = named.trim();
    if (name !== 'date' && name !== 'line' && !VALUE_FIELDS.has(name)) return;
    if (unitText !== undefined) {
      const unit = ENZYME_FIELDS.has(name) ? enzymeUnitOf(unitText) : null;
      if (!unit) problems.push([name, CLINICAL_CSV_MESSAGES.unknownUnit(unitText.trim(), name)]);
      else units.set(name, unit);
    }
    if (seen.has(name)) problems.push([name, CLINICAL_CSV_MESSAGES.duplicateColumn(name)]);
    else seen.set(name, i);
  });
  // In the file's order, so a row's problems read from left to right.
  const values = CLINICAL_VALUE_FIELDS.filter((f) => seen.has(f))
    .map((f): [ClinicalValueField, number, EnzymeUnit] => [
      f,
      seen.get(f)!,
      units.get(f) ?? DEFAULT_ENZYME_UNIT,
    ])
    .sort((a, b) => a[1] - b[1]);
  if (!seen.has('date')) problems.push(['date', CLINICAL_CSV_MESSAGES.missingDate]);
  if (!values.length)
    problems.push([CLINICAL_VALUE_FIELDS[0], CLINICAL_CSV_MESSAGES.noValueColumn]);
  if (problems.length) return { problems };
  return { date: seen.get('date')!, line: seen.get('line') ?? null, values };
}

const emptyBatch = (): ClinicalCsvBatch => ({
  dates: [],
  lineIds: [],
  values: Object.fromEntries(CLINICAL_VALUE_FIELDS.map((f) => [f, []])) as unknown as Record<
    ClinicalValueField,
    (number | null)[]
  >,
});

const DATE = calendarDate();

export class ClinicalCsvParser {
  readonly problems: ClinicalCsvProblem[] = [];
  /** Rows read (stored or waiting in the batch). */
  count = 0;
  /** The rows read since the last `takeBatch`. */
  batch = emptyBatch();
  private readonly maxRows: number;
  private readonly lines = new CsvLines(
    (lineNumber, text) => this.line(lineNumber, text),
    () => this.stopped,
  );
  private header: (Columns & { delimiter: CsvDelimiter }) | null = null;
  private fatal = false;
  private lineNumber = 0;

  constructor(
    private readonly linesByName: LinesByName,
    options: { maxRows?: number } = {},
  ) {
    this.maxRows = options.maxRows ?? CLINICAL_IMPORT_MAX_ROWS;
  }

  /** Whether parsing has given up (a bad header, too many rows, or enough problems to report). */
  get stopped(): boolean {
    return this.fatal || this.problems.length >= MAX_CLINICAL_CSV_PROBLEMS;
  }

  /** The number of rows in `batch`. */
  get batchSize(): number {
    return this.batch.dates.length;
  }

  /** The rows read so far, handed over; the next ones go into a new batch. */
  takeBatch(): ClinicalCsvBatch {
    const batch = this.batch;
    this.batch = emptyBatch();
    return batch;
  }

  push(chunk: Buffer): void {
    this.lines.push(chunk);
  }

  /** Finishes the file: its last line, and the problem of a file without header or rows. */
  end(): void {
    this.lines.end();
    if (this.stopped) return;
    if (!this.header) this.problem(1, 'date', CLINICAL_CSV_MESSAGES.noHeader);
    else if (this.count === 0 && this.problems.length === 0)
      this.problem(this.lines.lineNumber || 1, 'date', CLINICAL_CSV_MESSAGES.noRows);
  }

  private problem(line: number, column: string, msg: string) {
    if (this.problems.length < MAX_CLINICAL_CSV_PROBLEMS) this.problems.push({ line, column, msg });
  }

  private line(lineNumber: number, text: string) {
    this.lineNumber = lineNumber;
    if (!this.header) {
      const { delimiter, names } = readCsvHeader(text);
      const columns = columnsOf(names);
      if ('problems' in columns) {
        for (const [column, msg] of columns.problems) this.problem(lineNumber, column, msg);
        this.fatal = true;
      } else this.header = { ...columns, delimiter };
      return;
    }
    const { delimiter } = this.header;
    const fields = splitCsvLine(text, delimiter);
    if (!fields) {
      this.problem(lineNumber, 'date', CLINICAL_CSV_MESSAGES.unterminatedQuote);
      return;
    }
    if (this.count >= this.maxRows) {
      this.problem(lineNumber, 'date', CLINICAL_CSV_MESSAGES.tooManyRows(this.maxRows));
      this.fatal = true;
      return;
    }
    this.count += 1;
    const date = this.date(fields[this.header.date] ?? '');
    const lineId = this.header.line === null ? null : this.lineId(fields[this.header.line] ?? '');
    const values = this.header.values.map(
      ([field, i, unit]) => [field, this.value(field, fields[i] ?? '', delimiter, unit)] as const,
    );
    // A refused file stores nothing: its rows are read on only for more problems.
    if (this.problems.length) return;
    this.batch.dates.push(date!);
    this.batch.lineIds.push(lineId);
    const read = new Map<ClinicalValueField, number | null>(values);
    for (const field of CLINICAL_VALUE_FIELDS)
      this.batch.values[field].push(read.get(field) ?? null);
  }

  private date(raw: string): string | null {
    const text = raw.trim();
    if (text === '') {
      this.problem(this.lineNumber, 'date', CLINICAL_CSV_MESSAGES.dateRequired);
      return null;
    }
    const parsed = DATE.safeParse(text);
    if (!parsed.success) {
      this.problem(this.lineNumber, 'date', parsed.error.issues[0].message);
      return null;
    }
    return parsed.data;
  }

  private lineId(raw: string): number | null {
    const name = raw.trim();
    if (name === '') return null;
    const id = this.linesByName.get(lineNameKey(name));
    if (id === undefined)
      this.problem(this.lineNumber, 'line', CLINICAL_CSV_MESSAGES.unknownLine(name));
    else if (id === 'ambiguous')
      this.problem(this.lineNumber, 'line', CLINICAL_CSV_MESSAGES.ambiguousLine(name));
    else return id;
    return null;
  }

  /** A value: empty → null; else a number at least 0 with at most two decimals, in U/L. */
  private value(
    field: ClinicalValueField,
    raw: string,
    delimiter: CsvDelimiter,
    unit: EnzymeUnit,
  ): number | null {
    const text = raw.trim();
    if (text === '') return null;
    const fail = (msg: string) => {
      this.problem(this.lineNumber, field, msg);
      return null;
    };
    const parsed = csvNumber(text, delimiter);
    if (!parsed) return fail(CLINICAL_CSV_MESSAGES.notANumber(text));
    const { value, normal } = parsed;
    if (value < 0 || Object.is(value, -0)) return fail(CLINICAL_CSV_MESSAGES.negative(field));
    if (!(value <= MAX_VALUE)) return fail(CLINICAL_CSV_MESSAGES.tooLarge(text));
    if (!hasAtMostTwoDecimals(normal, value))
      return fail(CLINICAL_CSV_MESSAGES.tooManyDecimals(text));
    const stored = toStoredUnit(value, unit);
    if (!(stored <= MAX_VALUE)) return fail(CLINICAL_CSV_MESSAGES.tooLarge(text));
    return stored;
  }
}

/** Whether a plain decimal text (or its value, when written with an exponent) has ≤ 2 decimals. */
function hasAtMostTwoDecimals(normal: string, value: number): boolean {
  if (/[eE]/.test(normal)) return Number(value.toFixed(2)) === value;
  const fraction = normal.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length <= 2;
}
