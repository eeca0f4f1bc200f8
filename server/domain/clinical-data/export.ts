import type { DataSource } from 'typeorm';
import {
  CLINICAL_ANALYTE_INFO,
  CLINICAL_ANALYTES,
  type ClinicalDataListQuery,
} from '../../../shared/api/clinical-data';
import { lineWord } from '../../../shared/domain/line-word';
import type { AuthUser } from '../../auth/auth-user';
import { cursorBatches } from '../exports/cursor';
import {
  ISO_INSTANT_SQL_FORMAT,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
} from '../exports/table';
import { requireFeature } from '../institutes/service';
import { clinicalDataExportQuery, type ClinicalDataExportRow } from './repository';

/** The clinical data table's columns, named and in units as the screen shows them. */
function clinicalColumns(line: string): ExportColumn[] {
  return [
    { header: 'Date', type: 'day', width: 12 },
    { header: 'Record', type: 'instant', width: 20 },
    { header: line, type: 'text', width: 24 },
    { header: 'VitalMetric (g·s)', type: 'number', decimals: 0 },
    ...CLINICAL_ANALYTES.flatMap((a): ExportColumn[] => {
      const { tab, unit } = CLINICAL_ANALYTE_INFO[a];
      return [
        { header: `${tab} (${unit})`, type: 'number', decimals: 2 },
        { header: `${tab} baseline (${unit})`, type: 'number', decimals: 2, width: 18 },
      ];
    }),
    { header: 'Excluded', type: 'text', width: 10 },
    { header: 'Donor', type: 'text', width: 10 },
    { header: 'Labels', type: 'text', width: 30 },
  ];
}

const clinicalCells = (r: ClinicalDataExportRow): ExportCell[] => [
  r.date,
  r.record_date,
  r.line,
  r.auc,
  ...CLINICAL_ANALYTES.flatMap((a) => [r[a], r[`${a}_baseline`]]),
  r.exclude_from_model ? 'Yes' : 'No',
  r.donor_sample ? 'Yes' : 'No',
  r.labels,
];

/**
 * The clinical data list with its filters and order, every page of it, for a download: the
 * list's gate (tenancy 404, then the clinicalData flag 403), the linked records' dates in the
 * institute's time zone, rows streamed through a cursor.
 */
export async function exportClinicalData(
  { db }: { db: DataSource },
  user: AuthUser,
  instituteId: number,
  q: ClinicalDataListQuery,
): Promise<ExportTable> {
  const institute = await requireFeature(db.manager, user, instituteId, 'clinicalData');
  const [sql, parameters] = clinicalDataExportQuery(
    db.manager,
    instituteId,
    q,
    ISO_INSTANT_SQL_FORMAT,
  );
  const rows = cursorBatches<ClinicalDataExportRow>(db, sql, parameters, institute.timezone);
  return {
    instituteId: institute.id,
    filters: q,
    name: `clinical-data-${institute.id}`,
    title: 'Clinical data',
    columns: clinicalColumns(lineWord(institute.metadataType).singular),
    batches: (async function* () {
      for await (const batch of rows) yield batch.map(clinicalCells);
    })(),
  };
}
