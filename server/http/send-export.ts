import type { Response } from 'express';
import { EXPORT_MEDIA_TYPES, type ExportFormat } from '../../shared/api/exports';
import type { DataSource } from 'typeorm';
import { auditExport } from '../domain/audit/export-entry';
import { writeCsv } from '../domain/exports/csv';
import type { ExportCell, ExportTable } from '../domain/exports/table';
import { writeXlsx } from '../domain/exports/xlsx';
import { HANDLED } from './route';

const WRITERS = { csv: writeCsv, xlsx: writeXlsx };

/**
 * The table with its first batch already read: a query that fails does so before the status
 * line is sent, and is answered as any error is (`{detail}`), not as a broken download.
 */
async function withFirstBatch(table: ExportTable): Promise<ExportTable> {
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
 * Streams an export as a download in `format`, never kept by a cache (it holds the lab's data).
 * Every export of the product is sent from here, and recorded in the audit trail (who, which
 * table and filters, which format) before its first byte: before the cursor takes its
 * connection, so that concurrent exports never each hold one while waiting for another.
 */
export async function sendExport(
  res: Response,
  db: DataSource,
  table: ExportTable,
  format: ExportFormat,
): Promise<typeof HANDLED> {
  await auditExport(db, table, format);
  const started = await withFirstBatch(table);
  res
    .status(200)
    .set('Content-Type', EXPORT_MEDIA_TYPES[format])
    .set('Cache-Control', 'private, no-store')
    .attachment(`${table.name}.${format}`);
  try {
    await WRITERS[format](started, res);
  } catch (err) {
    // A client that went away ends the export (the cursor closes with it); nothing to report.
    if (!res.destroyed) throw err;
  }
  return HANDLED;
}
