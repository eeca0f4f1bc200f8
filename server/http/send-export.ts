import type { Response } from 'express';
import { EXPORT_MEDIA_TYPES, type ExportFormat } from '../../shared/api/exports';
import type { DataSource } from 'typeorm';
import { auditExport } from '../domain/audit/export-entry';
import { startCsv } from '../domain/exports/csv';
import type { ExportTable } from '../domain/exports/table';
import { startXlsx } from '../domain/exports/xlsx';
import { HANDLED } from './route';

/** Each format's writer, started: what can fail (the query) fails before the status line. */
const STARTERS = {
  csv: startCsv,
  xlsx: (_db: DataSource, table: ExportTable) => startXlsx(table),
};

/**
 * Streams an export as a download in `format`, never kept by a cache (it holds the lab's data).
 * Every export of the product is sent from here, and recorded in the audit trail (who, which
 * table and filters, which format) before its first byte: before the rows take their
 * connection, so that concurrent exports never each hold one while waiting for another. A
 * query that fails is answered as any error is (`{detail}`), not as a broken download.
 */
export async function sendExport(
  res: Response,
  db: DataSource,
  table: ExportTable,
  format: ExportFormat,
): Promise<typeof HANDLED> {
  await auditExport(db, table, format);
  const write = await STARTERS[format](db, table);
  res
    .status(200)
    .set('Content-Type', EXPORT_MEDIA_TYPES[format])
    .set('Cache-Control', 'private, no-store')
    .attachment(`${table.name}.${format}`);
  try {
    await write(res);
  } catch (err) {
    // A client that went away ends the export (its rows' connection closes with it).
    if (!res.destroyed) throw err;
  }
  return HANDLED;
}
