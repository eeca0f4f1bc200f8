/**
 * The data inventory file (DIF) of a vial: what the server holds from it, one CSV row per run,
 * so that staff can compare a returned vial's drive with the server (`npm run agent -- --drive
 * DIR --check-dif FILE`). The first line is a comment naming the vial and when the file was made:
 *
 *     # vial VV-1007 uuid 0b9c…-… generated 2026-03-01T10:00:00.000Z
 *     file_name,sequence,run_start,size_bytes,sha256,record_id,institute_id,uploaded_at
 *     RUN00001.DAT,1,2026-02-01T08:00:00.000Z,123456,ab…,17,2,2026-02-02T09:00:00.000Z
 *
 * Rows are ordered by run start; times are ISO 8601 in UTC.
 */
export const DIF_COLUMNS = [
  'file_name',
  'sequence',
  'run_start',
  'size_bytes',
  'sha256',
  'record_id',
  'institute_id',
  'uploaded_at',
] as const;

export interface DifRow {
  file_name: string;
  sequence: number | null;
  run_start: string;
  size_bytes: number;
  sha256: string;
  record_id: number;
  institute_id: number;
  uploaded_at: string;
}

export interface Dif {
  label: string;
  uuid: string | null;
  generatedAt: string;
  rows: DifRow[];
}

const NO_UUID = 'none';

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function formatDif(dif: Dif): string {
  const lines = [
    `# vial ${dif.label} uuid ${dif.uuid ?? NO_UUID} generated ${dif.generatedAt}`,
    DIF_COLUMNS.join(','),
    ...dif.rows.map((row) => DIF_COLUMNS.map((c) => field(row[c])).join(',')),
  ];
  return `${lines.join('\n')}\n`;
}

/** Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas and breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(value);
    value = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else value += c;
      i += 1;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      records.push(record);
      record = [];
    } else value += c;
    i += 1;
  }
  if (value !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

export class DifFormatError extends Error {}

/** Reads a DIF file; throws DifFormatError naming what is wrong. */
export function parseDif(text: string): Dif {
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).replace(/\r$/, '');
  const header = /^# vial (.+) uuid (\S+) generated (\S+)$/.exec(first);
  if (!header) throw new DifFormatError('Not a DIF file: the first line must name the vial.');
  const [columns, ...records] = parseCsv(newline < 0 ? '' : text.slice(newline + 1)).filter(
    (r) => !(r.length === 1 && r[0] === ''),
  );
  if (!columns || columns.join(',') !== DIF_COLUMNS.join(','))
    throw new DifFormatError(`Not a DIF file: the columns must be ${DIF_COLUMNS.join(',')}.`);
  const rows = records.map((r, n) => {
    if (r.length !== DIF_COLUMNS.length)
      throw new DifFormatError(`Row ${n + 1} has ${r.length} fields, not ${DIF_COLUMNS.length}.`);
    const [fileName, sequence, runStart, size, sha256, recordId, instituteId, uploadedAt] = r;
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new DifFormatError(`Row ${n + 1} has no SHA-256.`);
    return {
      file_name: fileName,
      sequence: sequence === '' ? null : Number(sequence),
      run_start: runStart,
      size_bytes: Number(size),
      sha256,
      record_id: Number(recordId),
      institute_id: Number(instituteId),
      uploaded_at: uploadedAt,
    };
  });
  return {
    label: header[1],
    uuid: header[2] === NO_UUID ? null : header[2],
    generatedAt: header[3],
    rows,
  };
}
