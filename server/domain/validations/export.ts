import type { DataSource } from 'typeorm';
import { lineWord } from '../../../shared/domain/line-word';
import type { ValidationLineStats } from '../../../shared/api/validations';
import { BAND_WORDS } from '../../../shared/domain/rejection-bands';
import { ANALYTE_NAMES, ANALYTES } from '../../../shared/rejection/model';
import type { AuthUser } from '../../auth/auth-user';
import type { ExportCell, ExportColumn, ExportTable } from '../exports/table';
import { getInstitute } from '../institutes/service';
import { validationLineStatistics } from '../statistics/service';
import { findValidation } from './service';

/** The validation results' columns (Summary and Rejection tabs), named and in units as shown. */
function resultColumns(line: string): ExportColumn[] {
  return [
    { header: line, type: 'text', width: 24 },
    { header: 'Length (m)', type: 'number', decimals: 0 },
    { header: 'Records', type: 'number', decimals: 0 },
    { header: 'VitalMetric mean (g·s)', type: 'number', decimals: 0, width: 20 },
    { header: 'CV (%)', type: 'number', decimals: 1 },
    { header: 'Performance', type: 'text' },
    ...ANALYTES.map((analyte): ExportColumn => ({
      header: `${ANALYTE_NAMES[analyte]} (%)`,
      type: 'number',
      decimals: 1,
    })),
  ];
}

function resultCells(r: ValidationLineStats): ExportCell[] {
  const { auc } = r;
  return [
    r.line_name,
    r.line_length,
    r.record_count,
    auc.mean,
    auc.cv,
    auc.performance ? BAND_WORDS[auc.performance] : null,
    ...ANALYTES.map((analyte) => {
      const rate = auc.rejection_rates?.[analyte];
      return rate === undefined || rate === null ? null : rate * 100;
    }),
  ];
}

/**
 * A validation's results per line, for a download: the figures of `/v2/validations/{id}/lines`
 * with the same permissions (another institute's validation is not found). A validation has
 * at most a few lines, so they are computed as the screen's are, in one go.
 */
export async function exportValidationLines(
  deps: { db: DataSource },
  user: AuthUser,
  id: number,
): Promise<ExportTable> {
  const validation = await findValidation(deps.db.manager, user, id);
  const institute = await getInstitute(deps, user, validation.instituteId);
  const rows = await validationLineStatistics(deps.db.manager, validation);
  return {
    instituteId: institute.id,
    filters: { validation: validation.id },
    name: `validation-${validation.id}`,
    title: 'Validation results',
    columns: resultColumns(lineWord(institute.metadataType).singular),
    batches: (async function* () {
      yield rows.map(resultCells);
    })(),
  };
}
