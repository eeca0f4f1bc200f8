import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '../../../shared/domain/spreadsheet-text';
import { drained } from './drain';
import type { ExportCell, ExportColumn, ExportTable } from './table';

/** A cell as CSV text: instants already ISO 8601, text a spreadsheet will not run as a formula. */
function csvCell(column: ExportColumn, cell: ExportCell): string | number | null {
  if (cell === null || column.type !== 'text') return cell;
  return neutraliseFormula(String(cell));
}

/** RFC 4180 records, as Excel expects them. */
const RECORDS = { record_delimiter: 'windows' } as const;

/**
 * The table as UTF-8 CSV (RFC 4180, with a byte-order mark so Excel reads units such as °C
 * right), written to `out` at the pace `out` takes it. Each batch of rows becomes one piece of
 * text (csv-stringify's synchronous writer): a row-by-row stream made a few objects per cell
 * and let a million-row export grow the heap by far more than the batch it holds.
 */
export async function writeCsv(table: ExportTable, out: Writable): Promise<void> {
  out.write(stringify([table.columns.map((c) => c.header)], { ...RECORDS, bom: true }));
  for await (const batch of table.batches) {
    const text = stringify(
      batch.map((row) => row.map((cell, i) => csvCell(table.columns[i]!, cell))),
      RECORDS,
    );
    if (!out.write(text)) await drained(out, out);
  }
  out.end();
  await finished(out);
}
