import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from '../../../shared/domain/spreadsheet-text';
import type { ExportCell, ExportColumn, ExportTable } from './table';

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
 * The table as an Excel workbook of one sheet, streamed: each row is committed as it is written
 * and the writer waits whenever `out` asks it to, so memory stays flat however long the table.
 */
export async function writeXlsx(table: ExportTable, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width ?? 14,
    style: { numFmt: numberFormat(column) },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of table.batches) {
    for (const row of batch) {
      sheet.addRow(row.map((cell, i) => xlsxCell(table.columns[i]!, cell))).commit();
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
