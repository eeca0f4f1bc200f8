import {
  CSV_READER_MESSAGES,
  CsvLines,
  csvNumber,
  readCsvHeader,
  splitCsvLine,
  type CsvDelimiter,
} from '../csv/reader';
import { ZoneOffsets } from './zoned-time';

/**
 * The streaming parser of the hemolysis-index CSV (hemolysis-data.md section 3), on the shared
 * CSV rules of server/domain/csv/reader.ts. Feed the bytes chunk by chunk; each call answers the
 * measurements of the lines it completed, so a caller can store them in batches and memory never
 * holds more than a chunk and the current line.
 */

export { splitCsvLine };

export const CSV_MESSAGES = {
  noHeader: 'The file is empty: it needs a header with timestamp and h_index.',
  missingColumn: (column: string) => `The header has no '${column}' column.`,
  missingValue: (column: string) => `The ${column} is missing.`,
  unterminatedQuote: CSV_READER_MESSAGES.unterminatedQuote,
  dateWithoutTime: 'The timestamp has a date but no time.',
  badTimestamp: (text: string) =>
    `'${text}' is not an ISO 8601 date and time (e.g. 2025-03-01 08:15:00).`,
  dstGap: (text: string, zone: string) =>
    `${text} does not exist in ${zone} (the clocks skip it for daylight saving time).`,
  negative: 'h_index cannot be negative.',
  notANumber: CSV_READER_MESSAGES.notANumber,
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} measurements.`,
  noMeasurements: 'The file contains no measurements.',
} as const;

export const MAX_CSV_ROWS = 1_000_000;
export const MAX_CSV_PROBLEMS = 10;

export interface CsvMeasurement {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** Epoch milliseconds. */
  timestamp: number;
  value: number;
}

export interface CsvProblem {
  line: number;
  column: string;
  msg: string;
}

export interface CsvParserOptions {
  /** The zone of timestamps without Z or an offset. */
  timezone: string;
  maxRows?: number;
  maxProblems?: number;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export class HemolysisCsvParser {
  readonly problems: CsvProblem[] = [];
  /** Rows skipped because their h_index was empty. */
  skipped = 0;
  /** Measurements parsed so far. */
  count = 0;
  private readonly zone: ZoneOffsets;
  private readonly maxRows: number;
  private readonly maxProblems: number;
  private readonly lines = new CsvLines(
    (lineNumber, text) => this.line(lineNumber, text),
    () => this.stopped,
  );
  private header: { timestamp: number; hIndex: number; delimiter: CsvDelimiter } | null = null;
  private fatal = false;
  /** The line being read (1-based, the header is line 1). */
  private lineNumber = 0;
  /** The measurements of the chunk being read. */
  private out: CsvMeasurement[] = [];

  constructor(private readonly options: CsvParserOptions) {
    this.zone = new ZoneOffsets(options.timezone);
    this.maxRows = options.maxRows ?? MAX_CSV_ROWS;
    this.maxProblems = options.maxProblems ?? MAX_CSV_PROBLEMS;
  }

  /** Whether parsing has given up (a bad header, or enough problems to report). */
  get stopped(): boolean {
    return this.fatal || this.problems.length >= this.maxProblems;
  }

  push(chunk: Buffer): CsvMeasurement[] {
    this.out = [];
    this.lines.push(chunk);
    return this.out;
  }

  /** Finishes the file: the last line, and the problems of a file without header or rows. */
  end(): CsvMeasurement[] {
    this.out = [];
    this.lines.end();
    if (!this.stopped && !this.header) this.problem(1, 'timestamp', CSV_MESSAGES.noHeader);
    else if (!this.stopped && this.count === 0 && this.problems.length === 0)
      this.problem(this.lines.lineNumber || 1, 'h_index', CSV_MESSAGES.noMeasurements);
    return this.out;
  }

  private problem(line: number, column: string, msg: string) {
    if (this.problems.length < this.maxProblems) this.problems.push({ line, column, msg });
  }

  private line(lineNumber: number, text: string) {
    this.lineNumber = lineNumber;
    if (!this.header) {
      this.readHeader(text);
      return;
    }
    const { delimiter, timestamp, hIndex } = this.header;
    const fields = splitCsvLine(text, delimiter);
    if (!fields) {
      this.problem(this.lineNumber, 'timestamp', CSV_MESSAGES.unterminatedQuote);
      return;
    }
    const valueText = (fields[hIndex] ?? '').trim();
    if (valueText === '') {
      this.skipped += 1;
      return;
    }
    const value = this.number(valueText, delimiter);
    const instant = this.instant((fields[timestamp] ?? '').trim());
    if (value === null || instant === null) return;
    if (this.count >= this.maxRows) {
      this.problem(this.lineNumber, 'h_index', CSV_MESSAGES.tooManyRows(this.maxRows));
      this.fatal = true;
      return;
    }
    this.count += 1;
    this.out.push({ line: this.lineNumber, timestamp: instant, value });
  }

  private readHeader(text: string) {
    const { delimiter, names } = readCsvHeader(text);
    const timestamp = names.indexOf('timestamp');
    const hIndex = names.indexOf('h_index');
    if (timestamp < 0)
      this.problem(this.lineNumber, 'timestamp', CSV_MESSAGES.missingColumn('timestamp'));
    if (hIndex < 0) this.problem(this.lineNumber, 'h_index', CSV_MESSAGES.missingColumn('h_index'));
    if (timestamp < 0 || hIndex < 0) {
      this.fatal = true;
      return;
    }
    this.header = { timestamp, hIndex, delimiter };
  }

  private number(text: string, delimiter: CsvDelimiter): number | null {
    const parsed = csvNumber(text, delimiter);
    if (!parsed) {
      this.problem(this.lineNumber, 'h_index', CSV_MESSAGES.notANumber(text));
      return null;
    }
    const value = parsed.value;
    if (value < 0 || Object.is(value, -0)) {
      this.problem(this.lineNumber, 'h_index', CSV_MESSAGES.negative);
      return null;
    }
    return value;
  }

  private instant(text: string): number | null {
    const fail = (msg: string) => {
      this.problem(this.lineNumber, 'timestamp', msg);
      return null;
    };
    if (text === '') return fail(CSV_MESSAGES.missingValue('timestamp'));
    if (DATE_ONLY.test(text)) return fail(CSV_MESSAGES.dateWithoutTime);
    const m = TIMESTAMP.exec(text);
    if (!m) return fail(CSV_MESSAGES.badTimestamp(text));
    const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
    const second = m[6] ? Number(m[6]) : 0;
    const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
    const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
    const check = new Date(wall);
    if (
      month < 1 ||
      month > 12 ||
      check.getUTCDate() !== day ||
      check.getUTCMonth() !== month - 1 ||
      hour > 23 ||
      minute > 59 ||
      second > 59
    )
      return fail(CSV_MESSAGES.badTimestamp(text));
    const zone = m[8];
    if (zone) {
      if (zone === 'Z' || zone === 'z') return wall;
      const sign = zone[0] === '-' ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
      if (offsetMinutes > 18 * 60) return fail(CSV_MESSAGES.badTimestamp(text));
      return wall - sign * offsetMinutes * 60_000;
    }
    const instant = this.zone.toInstant(wall);
    if (instant === null) return fail(CSV_MESSAGES.dstGap(text, this.options.timezone));
    return instant;
  }
}
