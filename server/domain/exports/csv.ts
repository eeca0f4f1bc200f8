import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import { neutraliseFormula } from '../../../shared/domain/spreadsheet-text';
import { copyRows, type CopiedRows } from './copy';
import { drained } from './drain';
import { withFirstBatch, type ExportCell, type ExportColumn, type ExportTable } from './table';

/** A cell as CSV text: instants already ISO 8601, text a spreadsheet will not run as a formula. */
function csvCell(column: ExportColumn, cell: ExportCell): string | number | null {
  if (cell === null || column.type !== 'text') return cell;
  return neutraliseFormula(String(cell));
}

/** The header row, after a byte-order mark so that Excel reads units such as °C right. */
const header = (table: ExportTable) =>
  stringify([table.columns.map((c) => c.header)], { bom: true });

/** Writes `text`, waiting when `out` asks it to. */
async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await drained(out, out);
}

/**
 * Each batch of rows becomes one piece of text (csv-stringify's synchronous writer): a
 * row-by-row stream made a few objects per cell.
 */
async function writeBatches(table: ExportTable, out: Writable): Promise<void> {
  await write(out, header(table));
  for await (const batch of table.batches) {
    await write(
      out,
      stringify(batch.map((row) => row.map((cell, i) => csvCell(table.columns[i]!, cell)))),
    );
  }
}

/** PostgreSQL's CSV passed on as it comes (the same quoting and line ends as csv-stringify's). */
async function writeCopied(table: ExportTable, rows: CopiedRows, out: Writable): Promise<void> {
  try {
    await write(out, header(table));
    if (rows.first) await write(out, rows.first);
    for (let next = await rows.rest.next(); !next.done; next = await rows.rest.next()) {
      await write(out, next.value);
    }
  } finally {
    await rows.release();
  }
}

/**
 * Starts the table as UTF-8 CSV (RFC 4180 quoting, one row per line): what can fail is read
 * before this returns; the answer writes the file to `out` at the pace `out` takes it. A table
 * with `copy` SQL is written by PostgreSQL, the rest from their batches.
 */
export async function startCsv(
  db: DataSource,
  table: ExportTable,
): Promise<(out: Writable) => Promise<void>> {
  const copied = table.copy ? await copyRows(db, table.copy) : undefined;
  const started = copied ? table : await withFirstBatch(table);
  return async (out) => {
    await (copied ? writeCopied(started, copied, out) : writeBatches(started, out));
    out.end();
    await finished(out);
  };
}
