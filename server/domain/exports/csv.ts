import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { neutraliseFormula } from '../../../shared/domain/spreadsheet-text';
import type { ExportCell, ExportColumn, ExportTable } from './table';

/** A cell as CSV text: instants already ISO 8601, text a spreadsheet will not run as a formula. */
function csvCell(column: ExportColumn, cell: ExportCell): string | number | null {
  if (cell === null || column.type !== 'text') return cell;
  return neutraliseFormula(String(cell));
}

async function* csvRows(table: ExportTable) {
  for await (const batch of table.batches) {
    for (const row of batch) yield row.map((cell, i) => csvCell(table.columns[i]!, cell));
  }
}

/**
 * The table as UTF-8 CSV (RFC 4180, with a byte-order mark so Excel reads units such as °C
 * right), written to `out` at the pace `out` takes it.
 */
export async function writeCsv(table: ExportTable, out: Writable): Promise<void> {
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    header: true,
    columns: table.columns.map((c) => c.header),
  });
  await pipeline(Readable.from(csvRows(table)), stringifier, out);
}
