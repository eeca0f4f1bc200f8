import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { SummaryFrequency, summaryQuery, SummaryRow } from '../../../shared/api/hemolysis';
import { CLINICAL_ANALYTE_INFO } from '../../../shared/api/clinical-data';
import { lineWord } from '../../../shared/domain/line-word';
import { zonedDay } from '../../../shared/domain/time-zone';
import { ANALYTE_NAMES, ANALYTES } from '../../../shared/rejection/model';
import type { AuthUser } from '../../auth/auth-user';
import type { ExportCell, ExportColumn, ExportTable } from '../exports/table';
import { requireFeature } from '../institutes/service';
import { hemolysisSummary } from './service';

const PERIOD_WORDS: Record<SummaryFrequency, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The summary's columns: per line and period, the measurements and the rejection in percent. */
function summaryColumns(line: string, frequency: SummaryFrequency): ExportColumn[] {
  const unit = CLINICAL_ANALYTE_INFO.h_index.unit;
  const rates = (word: string) =>
    ANALYTES.map((analyte): ExportColumn => ({
      header: `${word} ${ANALYTE_NAMES[analyte]} rejection (%)`,
      type: 'number',
      decimals: 2,
      width: 18,
    }));
  return [
    { header: line, type: 'text', width: 24 },
    { header: PERIOD_WORDS[frequency], type: 'day', width: 12 },
    { header: 'Measurements', type: 'number', decimals: 0 },
    { header: `HI mean (${unit})`, type: 'number', decimals: 2 },
    { header: `HI median (${unit})`, type: 'number', decimals: 2 },
    { header: `HI 95th percentile (${unit})`, type: 'number', decimals: 2, width: 18 },
    ...rates('Observed'),
    ...rates('Predicted'),
    { header: 'Records', type: 'number', decimals: 0 },
  ];
}

const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? null : fraction * 100;

const summaryCells =
  (timeZone: string) =>
  (r: SummaryRow): ExportCell[] => [
    r.line_name,
    zonedDay(r.period_start, timeZone),
    r.count,
    r.mean,
    r.median,
    r.p95,
    ...ANALYTES.map((analyte) => percent(r.rejected[analyte])),
    ...ANALYTES.map((analyte) => percent(r.predicted?.[analyte])),
    r.records,
  ];

/**
 * Observed and predicted rejection per line and period, as the summary answers it for the same
 * filters (and with its gate: tenancy 404, the hemolysisTracking flag 403), for a download; each
 * period as the day it starts on in the institute's time zone. The summary is computed by the
 * database in one query (a row per line and period), so it is written in one batch.
 */
export async function exportHemolysisSummary(
  deps: { db: DataSource },
  user: AuthUser,
  instituteId: number,
  q: z.output<typeof summaryQuery>,
): Promise<ExportTable> {
  const institute = await requireFeature(deps.db.manager, user, instituteId, 'hemolysisTracking');
  const { data } = await hemolysisSummary(deps, user, instituteId, q);
  return {
    instituteId: institute.id,
    filters: q,
    name: `hemolysis-summary-${institute.id}-${q.frequency}`,
    title: 'Hemolysis summary',
    columns: summaryColumns(lineWord(institute.metadataType).singular, q.frequency),
    batches: (async function* () {
      yield data.map(summaryCells(institute.timezone));
    })(),
  };
}
