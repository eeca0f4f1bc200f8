import { HemolysisCsvParser, splitCsvLine, type CsvMeasurement } from './csv';
import { ZoneOffsets } from './zoned-time';

/** Parses a whole text, fed in small chunks to exercise lines split across chunks. */
function parse(text: string | Buffer, timezone = 'UTC', chunkSize = 7, maxRows?: number) {
  const parser = new HemolysisCsvParser({ timezone, maxRows });
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const rows: CsvMeasurement[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize)
    rows.push(...parser.push(bytes.subarray(i, i + chunkSize)));
  rows.push(...parser.end());
  return { rows, problems: parser.problems, skipped: parser.skipped, count: parser.count };
}

const iso = (rows: CsvMeasurement[]) => rows.map((r) => new Date(r.timestamp).toISOString());

describe('the hemolysis-index CSV', () => {
  it('reads comma-separated rows with extra columns in any order', () => {
    const { rows, problems } = parse(
      'sample,H_Index , Timestamp\nA,12.5,2025-03-01T08:15:00Z\nB,0,2025-03-01 08:16Z\n',
    );
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([12.5, 0]);
    expect(iso(rows)).toEqual(['2025-03-01T08:15:00.000Z', '2025-03-01T08:16:00.000Z']);
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it('takes semicolons when the header has them and no comma, with decimal commas', () => {
    const { rows, problems } = parse('timestamp;h_index\n2025-03-01T08:15:00Z;12,5\r\n');
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([12.5]);
  });

  it('refuses a decimal comma with the comma delimiter', () => {
    const { problems } = parse('timestamp,h_index\n2025-03-01T08:15:00Z,"12,5"\n');
    expect(problems).toEqual([{ line: 2, column: 'h_index', msg: "'12,5' is not a number." }]);
  });

  it('unquotes values and headers, and keeps delimiters inside quotes', () => {
    const { rows, problems } = parse(
      '"note","timestamp","h_index"\n"a, b","2025-03-01T08:15:00Z","7"\n"say ""hi""",2025-03-01T08:16:00Z,8\n',
    );
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.value)).toEqual([7, 8]);
    expect(splitCsvLine('"a, b",c', ',')).toEqual(['a, b', 'c']);
    expect(splitCsvLine('"open,c', ',')).toBeNull();
  });

  it('accepts a byte-order mark', () => {
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('timestamp,h_index\n2025-03-01T08:15:00Z,3\n'),
    ]);
    // A 1-byte chunk size splits the BOM itself.
    const { rows, problems } = parse(bom, 'UTC', 1);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1);
  });

  it('reads offsets as instants and local times in the upload’s zone', () => {
    const { rows } = parse(
      [
        'timestamp,h_index',
        '2025-01-15T10:00:00+05:30,1',
        '2025-01-15T10:00:00-0800,2',
        '2025-01-15T10:00,3', // winter: Sydney is UTC+11
        '2025-07-15 10:00:30.250,4', // winter in the south: UTC+10
      ].join('\n'),
      'Australia/Sydney',
    );
    expect(iso(rows)).toEqual([
      '2025-01-15T04:30:00.000Z',
      '2025-01-15T18:00:00.000Z',
      '2025-01-14T23:00:00.000Z',
      '2025-07-15T00:00:30.250Z',
    ]);
  });

  it('refuses a local time in the DST gap and takes the earlier of an ambiguous one', () => {
    const gap = parse('timestamp,h_index\n2025-03-30 01:30:00,1\n', 'Europe/London');
    expect(gap.problems).toEqual([
      {
        line: 2,
        column: 'timestamp',
        msg: '2025-03-30 01:30:00 does not exist in Europe/London (the clocks skip it for daylight saving time).',
      },
    ]);
    // 26 Oct 2025, 01:30 happens twice in London: first at 00:30Z (BST), then 01:30Z (GMT).
    const ambiguous = parse('timestamp,h_index\n2025-10-26 01:30:00,1\n', 'Europe/London');
    expect(iso(ambiguous.rows)).toEqual(['2025-10-26T00:30:00.000Z']);
    // The same rule in New York's spring gap (02:00–03:00 local).
    expect(
      parse('timestamp,h_index\n2025-03-09T02:15,1\n', 'America/New_York').problems,
    ).toHaveLength(1);
    expect(iso(parse('timestamp,h_index\n2025-03-09T03:00,1\n', 'America/New_York').rows)).toEqual([
      '2025-03-09T07:00:00.000Z',
    ]);
  });

  it('skips and counts rows without h_index, and ignores blank lines', () => {
    const { rows, skipped, problems } = parse(
      'timestamp,h_index\n\n2025-03-01T08:15:00Z,\n   \n2025-03-01T08:16:00Z,"" \n2025-03-01T08:17:00Z,4\n\n',
    );
    expect(problems).toEqual([]);
    expect(skipped).toBe(2);
    expect(rows.map((r) => r.line)).toEqual([6]);
  });

  it('refuses a header without timestamp or h_index', () => {
    expect(parse('time,h_index\n2025-03-01T08:15:00Z,1\n').problems).toEqual([
      { line: 1, column: 'timestamp', msg: "The header has no 'timestamp' column." },
    ]);
    expect(parse('timestamp;hi\n2025-03-01T08:15:00Z;1\n').problems).toEqual([
      { line: 1, column: 'h_index', msg: "The header has no 'h_index' column." },
    ]);
  });

  it('refuses negative and non-numeric values with their line', () => {
    const { problems } = parse(
      'timestamp,h_index\n2025-03-01T08:15:00Z,-1\n2025-03-01T08:16:00Z,abc\n2025-03-01T08:17:00Z,5\n',
    );
    expect(problems).toEqual([
      { line: 2, column: 'h_index', msg: 'h_index cannot be negative.' },
      { line: 3, column: 'h_index', msg: "'abc' is not a number." },
    ]);
  });

  it('refuses a date without a time and other timestamps', () => {
    const { problems } = parse(
      'timestamp,h_index\n2025-03-01,1\n2025-02-30T10:00:00Z,1\n01.03.2025 10:00,1\n,1\n',
    );
    expect(problems.map((p) => [p.line, p.column, p.msg])).toEqual([
      [2, 'timestamp', 'The timestamp has a date but no time.'],
      [
        3,
        'timestamp',
        "'2025-02-30T10:00:00Z' is not an ISO 8601 date and time (e.g. 2025-03-01 08:15:00).",
      ],
      [
        4,
        'timestamp',
        "'01.03.2025 10:00' is not an ISO 8601 date and time (e.g. 2025-03-01 08:15:00).",
      ],
      [5, 'timestamp', 'The timestamp is missing.'],
    ]);
  });

  it('lists at most 10 problems', () => {
    const lines = ['timestamp,h_index', ...Array.from({ length: 25 }, () => 'x,-1')];
    expect(parse(lines.join('\n')).problems).toHaveLength(10);
  });

  it('refuses a file without measurements, or without anything', () => {
    expect(parse('timestamp,h_index\n\n').problems).toEqual([
      { line: 2, column: 'h_index', msg: 'The file contains no measurements.' },
    ]);
    expect(parse('').problems[0].msg).toBe(
      'The file is empty: it needs a header with timestamp and h_index.',
    );
  });

  it('refuses more rows than the limit', () => {
    const lines = [
      'timestamp,h_index',
      ...Array.from({ length: 4 }, () => '2025-03-01T08:15:00Z,1'),
    ];
    const { problems } = parse(lines.join('\n'), 'UTC', 7, 3);
    expect(problems).toEqual([
      { line: 5, column: 'h_index', msg: 'The file has more than 3 measurements.' },
    ]);
  });
});

describe('ZoneOffsets', () => {
  it('finds offsets with and without DST', () => {
    const tokyo = new ZoneOffsets('Asia/Tokyo');
    expect(tokyo.offsetAt(Date.UTC(2025, 0, 1))).toBe(9 * 3600_000);
    expect(tokyo.toInstant(Date.UTC(2025, 0, 1, 9))).toBe(Date.UTC(2025, 0, 1, 0));
    const auckland = new ZoneOffsets('Pacific/Auckland');
    expect(auckland.offsetAt(Date.UTC(2025, 0, 1))).toBe(13 * 3600_000);
    expect(auckland.offsetAt(Date.UTC(2025, 6, 1))).toBe(12 * 3600_000);
  });
});
