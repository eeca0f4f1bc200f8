import { StringDecoder } from 'node:string_decoder';

/**
 * The CSV rules of hemolysis-data.md section 3, shared by every CSV the server reads (the
 * hemolysis-index upload, the clinical data import): UTF-8 with an optional byte-order mark, the
 * first non-blank line a header, a comma or (when the header has a semicolon and no comma) a
 * semicolon between values, double quotes around a value ("" a quote inside), blank lines
 * ignored, header names case-insensitive with surrounding spaces and quotes ignored, and with
 * semicolons a decimal comma. Each file's own parser reads its columns on top of these.
 */

export const CSV_READER_MESSAGES = {
  unterminatedQuote: 'A quoted value is not closed on this line.',
  notANumber: (text: string) => `'${text}' is not a number.`,
} as const;

export type CsvDelimiter = ',' | ';';

/** Splits a line at the delimiter, honouring double quotes ("" is a quote inside). */
export function splitCsvLine(line: string, delimiter: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (c === delimiter) {
      fields.push(wasQuoted ? field : field.trim());
      field = '';
      wasQuoted = false;
    } else if (!wasQuoted || c.trim() !== '') {
      field += c;
    }
  }
  if (quoted) return null;
  fields.push(wasQuoted ? field : field.trim());
  return fields;
}

/** The header of a CSV file: its delimiter and its column names as the rules compare them. */
export interface CsvHeader {
  delimiter: CsvDelimiter;
  /** Trimmed, unquoted, lower case: compare with lower-case names. */
  names: string[];
}

/**
 * Reads a header line: a semicolon delimiter when the line has a semicolon and no comma, else a
 * comma; each name trimmed, unquoted and in lower case. The one place header names are read.
 */
export function readCsvHeader(text: string): CsvHeader {
  const delimiter: CsvDelimiter = text.includes(';') && !text.includes(',') ? ';' : ',';
  const names = (splitCsvLine(text, delimiter) ?? text.split(delimiter)).map((n) =>
    n
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );
  return { delimiter, names };
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A value's number in the file's notation: a decimal point, or with the semicolon delimiter a
 * decimal comma too. The text as a plain decimal (`normal`), or null when it is no number.
 */
export function csvNumber(
  text: string,
  delimiter: CsvDelimiter,
): { value: number; normal: string } | null {
  const normal = delimiter === ';' ? text.replace(/^(-?\d+),(\d+)$/, '$1.$2') : text;
  if (!NUMBER.test(normal)) return null;
  return { value: Number(normal), normal };
}

/**
 * Cuts the bytes of a file into its lines as they arrive, in constant memory: UTF-8 decoded
 * across chunk boundaries, the byte-order mark dropped, `\r\n` or `\n` endings, lines numbered
 * from 1 (blank lines counted, never handed on). `push` and `end` call `line` for each non-blank
 * line they complete, until `stop()` answers true.
 */
export class CsvLines {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private started = false;
  /** The number of the last line read (1-based; blank lines count). */
  lineNumber = 0;

  constructor(
    private readonly line: (lineNumber: number, text: string) => void,
    private readonly stop: () => boolean = () => false,
  ) {}

  push(chunk: Buffer): void {
    if (this.stop()) return;
    let text = this.rest + this.decoder.write(chunk);
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      this.take(text.slice(start, end));
      start = end + 1;
      if (this.stop()) break;
    }
    this.rest = text.slice(start);
  }

  /** The last line (one without a line break at the end of the file). */
  end(): void {
    if (!this.stop()) {
      let text = this.rest + this.decoder.end();
      if (!this.started && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.length) this.take(text);
    }
    this.rest = '';
  }

  private take(raw: string) {
    this.lineNumber += 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() !== '') this.line(this.lineNumber, text);
  }
}
