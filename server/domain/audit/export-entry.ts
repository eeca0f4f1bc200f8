import type { DataSource } from 'typeorm';
import type { ExportFormat } from '../../../shared/api/exports';
import { writeAuditEntry } from './repository';
import type { ExportTable } from '../exports/table';

/** The audit trail's entry of a download: which data, with which filters, in which format. */
export const auditExport = (db: DataSource, table: ExportTable, format: ExportFormat) =>
  writeAuditEntry(db.manager, {
    instituteId: table.instituteId,
    objectType: 'export',
    objectId: table.name,
    action: 'exported',
    changes: { format, filters: table.filters },
  });
