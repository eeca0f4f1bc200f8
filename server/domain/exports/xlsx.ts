import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from '../../../shared/domain/spreadsheet-text';
import { drained, needsDrain } from './drain';
import { fullCollectionsPastGrowth } from './full-collections';
import { withFirstBatch, type ExportCell, type ExportColumn, type ExportTable } from './table';

/** Excel's number format for a column: figures to the screen's decimals, instants as ISO dates. */
function numberFormat(column: ExportColumn): string | undefined {
  if (column.type === 'number')
    return column.decimals > 0 ? `0.${'0'.repeat(column.decimals)}` : '0';
  if (column.type === 'instant') return 'yyyy-mm-dd hh:mm:ss';
  if (column.type === 'day') return 'yyyy-mm-dd';
  return undefined;
}

/**
 * A cell as Excel holds it. An instant becomes a date cell showing the institute's wall-clock
 * time (Excel dates carry no zone; exceljs writes a Date's UTC fields, so the local time is given
 * as UTC). Text is a string cell, which Excel never evaluates; it is neutralised all the same so
 * that the value reads alike in both formats and survives a copy into another program.
 */
function xlsxCell(column: ExportColumn, cell: ExportCell): string | number | Date | null {
  if (cell === null) return null;
  if (column.type === 'instant') return new Date(`${String(cell).slice(0, 19)}Z`);
  if (column.type === 'day') return new Date(`${String(cell)}T00:00:00Z`);
  if (column.type === 'text') return neutraliseFormula(String(cell));
  return cell;
}

/**
 * Where exceljs hands the sheet's XML on to the zip. Its sheet stream writes there without
 * waiting (it only batches), so that stream would buffer whatever the zip has not compressed
 * yet; waiting for it to drain is the backpressure exceljs does not apply. Read from exceljs's
 * internals (`stream.pipes`), hence the guard: without it the writer still works, unthrottled.
 */
function sheetConsumer(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const consumer = stream?.pipes?.[0];
  return consumer && typeof (consumer as Writable).once === 'function'
    ? (consumer as Writable)
    : undefined;
}

/** Rows between two looks at the memory an export holds (a look reads the process's usage). */
const ROWS_PER_MEMORY_CHECK = 500;

/**
 * The table as an Excel workbook of one sheet, streamed: each row is committed as it is written,
 * the writer waits whenever `out` asks it to, and what exceljs leaves behind is collected as it
 * adds up, so memory stays flat however long the table.
 */
async function writeXlsx(table: ExportTable, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, shared by its cells: exceljs looks a style up by identity and
  // otherwise renders each cell's own copy to XML to find its index (the export's largest cost).
  const cellStyles = table.columns.map((column): Partial<ExcelJS.Style> => {
    const numFmt = numberFormat(column);
    return numFmt ? { numFmt } : {};
  });
  sheet.columns = table.columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width ?? 14,
    style: cellStyles[i],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const collectPastGrowth = fullCollectionsPastGrowth();
  let written = 0;
  for await (const batch of table.batches) {
    for (const row of batch) {
      written += 1;
      if (written % ROWS_PER_MEMORY_CHECK === 0) collectPastGrowth();
      const added = sheet.addRow(row.map((cell, i) => xlsxCell(table.columns[i]!, cell)));
      added.eachCell({ includeEmpty: true }, (cell, column) => {
        cell.style = cellStyles[column - 1]!;
      });
      added.commit();
      // Asked per row, as the sheet's XML passes on in 64 kB pieces; the consumer is asked
      // for each time: archiver connects the sheet to the zip only when it gets to the entry.
      const zipInput = sheetConsumer(sheet);
      if (zipInput && needsDrain(zipInput)) await drained(zipInput, out);
    }
    if (needsDrain(out)) await drained(out, out);
  }
  sheet.commit();
  await workbook.commit();
}

/** Starts the table as an Excel workbook: its first batch is read before this returns. */
export async function startXlsx(table: ExportTable): Promise<(out: Writable) => Promise<void>> {
  const started = await withFirstBatch(table);
  return (out) => writeXlsx(started, out);
}
