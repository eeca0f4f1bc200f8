import type { LineListQuery } from '../../../shared/api/lines';
import { lineWord } from '../../../shared/domain/line-word';
import { FULL_LIST_SIZE } from '../../../shared/domain/limits';
import { BAND_WORDS } from '../../../shared/domain/rejection-bands';
import { ANALYTE_NAMES, ANALYTES } from '../../../shared/rejection/model';
import type { AuthUser } from '../../auth/auth-user';
import type { ExportCell, ExportColumn, ExportTable } from '../exports/table';
import { getInstitute } from '../institutes/service';
import { listLines, type LineDeps, type LineView } from './service';

/** The lines table's columns, named and in units as the screen shows them. */
function lineColumns(line: string): ExportColumn[] {
  return [
    { header: line, type: 'text', width: 24 },
    { header: 'Labels', type: 'text', width: 30 },
    { header: 'Length (m)', type: 'number', decimals: 0 },
    { header: 'Records', type: 'number', decimals: 0 },
    { header: 'VitalMetric (g·s)', type: 'number', decimals: 0 },
    { header: 'Performance', type: 'text' },
    ...ANALYTES.map((analyte): ExportColumn => ({
      header: `${ANALYTE_NAMES[analyte]} (%)`,
      type: 'number',
      decimals: 1,
    })),
    { header: 'Validated', type: 'day', width: 12 },
    { header: 'Archived', type: 'text', width: 10 },
  ];
}

function lineCells({ line, statistics, monitoring }: LineView): ExportCell[] {
  const { auc } = statistics;
  return [
    line.name,
    line.labels.map((l) => l.label).join('; ') || null,
    line.length,
    statistics.record_count,
    auc.mean,
    auc.performance ? BAND_WORDS[auc.performance] : null,
    ...ANALYTES.map((analyte) => {
      const rate = auc.rejection_rates?.[analyte];
      return rate === undefined || rate === null ? null : rate * 100;
    }),
    monitoring.validation?.validation_start_date ?? null,
    line.archived ? 'Yes' : 'No',
  ];
}

/**
 * The lines table with its statistics, every line the filters keep, for a download: the same
 * permissions and figures as the list (an institute has at most a full list of lines, so they
 * are read as the list reads them, in one go).
 */
export async function exportLines(
  deps: LineDeps,
  user: AuthUser,
  instituteId: number,
  q: LineListQuery,
): Promise<ExportTable> {
  const institute = await getInstitute(deps, user, instituteId);
  const { items } = await listLines(deps, user, instituteId, {
    ...q,
    page: 0,
    size: FULL_LIST_SIZE,
  });
  return {
    instituteId: institute.id,
    filters: q,
    name: `lines-${institute.id}`,
    title: lineWord(institute.metadataType).plural,
    columns: lineColumns(lineWord(institute.metadataType).singular),
    batches: (async function* () {
      yield items.map(lineCells);
    })(),
  };
}
