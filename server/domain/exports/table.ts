/**
 * An export as the writers see it: typed columns and rows streamed from the database. The same
 * table is written as CSV or as an Excel workbook (server/domain/exports/{csv,xlsx}.ts).
 */
export type ExportColumn =
  | { header: string; type: 'text'; width?: number }
  /** `decimals` as the screen shows the figure; the cell keeps its full value. */
  | { header: string; type: 'number'; decimals: number; width?: number }
  /** ISO 8601 in the institute's time zone, with its offset: `2026-03-01T10:00:00+01:00`. */
  | { header: string; type: 'instant'; width?: number }
  /** A calendar day, ISO 8601: `2026-03-01`. */
  | { header: string; type: 'day'; width?: number };

export type ExportCell = string | number | null;

/** Rows PostgreSQL writes as CSV itself (`COPY … TO STDOUT`): how a large CSV export streams. */
export interface CopyQuery {
  /** A SELECT whose columns are the file's cells, already as the CSV holds them. */
  sql: string;
  parameters: unknown[];
  /** The session's time zone while it runs: instants format in the institute's zone. */
  timeZone: string;
}

export interface ExportTable {
  /** File name without extension, e.g. `records-northfield-2026-03-01`. */
  name: string;
  /** Whose data it is, and the filters asked for: what the audit trail records of a download. */
  instituteId: number;
  filters: object;
  /** Worksheet title. */
  title: string;
  columns: ExportColumn[];
  /** Rows in batches, each row one cell per column; batches keep the database and writer busy. */
  batches: AsyncIterable<ExportCell[][]>;
  /**
   * The same rows as SQL, for tables that can grow large: the CSV is then written by
   * PostgreSQL (server/domain/exports/copy.ts) and `batches` is never read.
   */
  copy?: CopyQuery;
}

/**
 * The table with its first batch already read: a query that fails does so before the status
 * line is sent, and is answered as any error is (`{detail}`), not as a broken download.
 */
export async function withFirstBatch(table: ExportTable): Promise<ExportTable> {
  const batches = table.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  async function* all(): AsyncGenerator<ExportCell[][]> {
    if (first.done) return;
    yield first.value;
    for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
  }
  return { ...table, batches: all() };
}

/**
 * `to_char` pattern of an instant as ISO 8601 with the session's offset (the cursor sets the
 * session's time zone to the institute's; server/domain/exports/cursor.ts).
 */
export const ISO_INSTANT_SQL_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM';
