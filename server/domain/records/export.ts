import type { DataSource } from 'typeorm';
import { lineWord } from '../../../shared/domain/line-word';
import type { RecordListQuery } from '../../../shared/api/records';
import type { AuthUser } from '../../auth/auth-user';
import { copyQuery } from '../exports/copy';
import { cursorBatches } from '../exports/cursor';
import { ISO_INSTANT_SQL_FORMAT, type ExportColumn, type ExportTable } from '../exports/table';
import { getInstitute } from '../institutes/service';
import { recordExportQuery, type RecordExportRow } from './repository';
import { seesHidden } from './service';

/** The records table's columns, named and in units as the screen shows them. */
function recordColumns(line: string): ExportColumn[] {
  return [
    { header: 'Date', type: 'instant', width: 20 },
    { header: 'Vial', type: 'text', width: 10 },
    { header: line, type: 'text', width: 24 },
    { header: 'VitalMetric (g·s)', type: 'number', decimals: 0 },
    { header: 'Rejection (%)', type: 'number', decimals: 1 },
    { header: 'MKT (°C)', type: 'number', decimals: 1 },
    { header: 'Duration (s)', type: 'number', decimals: 0 },
    { header: 'Flags', type: 'text', width: 20 },
    { header: 'Labels', type: 'text', width: 30 },
  ];
}

/** The query's fields in the columns' order. */
const RECORD_FIELDS = [
  'date',
  'vial',
  'line',
  'auc',
  'rejection',
  'mkt',
  'duration',
  'flags',
  'labels',
] as const satisfies readonly (keyof RecordExportRow)[];

const recordCells = (r: RecordExportRow) => RECORD_FIELDS.map((field) => r[field]);

/**
 * The records list with its filters and order, every page of it, for a download: the same
 * permissions as the list (tenancy, hidden records for those who may see them), dates in the
 * institute's time zone. Refusals (404, 422 on a bad ordering) come before any row is read.
 */
export async function exportRecords(
  { db }: { db: DataSource },
  user: AuthUser,
  instituteId: number,
  q: RecordListQuery,
): Promise<ExportTable> {
  const institute = await getInstitute({ db }, user, instituteId);
  const query = recordExportQuery(
    db.manager,
    instituteId,
    seesHidden(user),
    q,
    ISO_INSTANT_SQL_FORMAT,
  );
  const columns = recordColumns(lineWord(institute.metadataType).singular);
  const rows = cursorBatches<RecordExportRow>(db, ...query, institute.timezone);
  return {
    instituteId: institute.id,
    filters: q,
    name: `records-${institute.id}`,
    title: 'Records',
    columns,
    batches: (async function* () {
      for await (const batch of rows) yield batch.map(recordCells);
    })(),
    copy: copyQuery(columns, RECORD_FIELDS, query, institute.timezone),
  };
}
