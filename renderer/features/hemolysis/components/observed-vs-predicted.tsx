import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  SUMMARY_FREQUENCIES,
  type SummaryFrequency,
  type SummaryParams,
  type SummaryRow,
} from '../../../../shared/api/hemolysis';
import { ACCEPTABLE_LIMIT, LOW_LIMIT } from '../../../../shared/domain/rejection-bands';
import { ANALYTE_NAMES, ANALYTES, type Analyte } from '../../../../shared/rejection/model';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { ExportButton } from '../../../components/ui/export-button';
import { referenceLine, valueAxis } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDay } from '../../../lib/calendar-day';
import { useSelectedInstitute } from '../../institutes';
import { LinesSelect, useLines } from '../../lines';
import { exportHemolysisSummary } from '../api/export-hemolysis-summary';
import { useHemolysisSummary } from '../api/get-hemolysis-summary';
import { zonedDay } from '../../../lib/time-zone';

const FREQUENCY_WORDS: Record<SummaryFrequency, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

interface Filters {
  lineIds: number[];
  frequency: SummaryFrequency;
  analyte: Analyte;
  sample: 'all' | 'donor' | 'routine';
  set: (patch: Partial<Omit<Filters, 'set'>>) => void;
}

/** Kept on this computer, like the rest of the insights filters. */
const useObservedFilters = create<Filters>()(
  persist(
    (set) => ({
      lineIds: [],
      frequency: 'week',
      analyte: 'ldh',
      sample: 'all',
      set: (patch) => set(patch),
    }),
    { name: 'vialqc-observed-rejection', version: 1 },
  ),
);

/** Observed (bars) and predicted (line) rejection of one line over its periods, in percent. */
export function observedOption(rows: SummaryRow[], analyte: Analyte, timeZone: string) {
  if (!rows.length) return null;
  const label = (iso: string) => formatDay(zonedDay(iso, timeZone));
  const pct = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Number((100 * v).toFixed(2));
  return {
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: number | null) => (v === null || v === undefined ? '–' : `${v}%`),
    },
    legend: { top: 0 },
    grid: { left: 72, right: 48, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: rows.map((r) => label(r.period_start)) },
    yAxis: valueAxis('Rejection', '%', { min: 0, scale: false }),
    series: [
      {
        type: 'bar',
        name: 'Observed',
        data: rows.map((r) => pct(r.rejected[analyte])),
        markLine: {
          silent: true,
          symbol: 'none',
          data: [
            referenceLine(100 * LOW_LIMIT, `${100 * LOW_LIMIT}%`, CHART_TONES.good),
            referenceLine(
              100 * ACCEPTABLE_LIMIT,
              `${100 * ACCEPTABLE_LIMIT}%`,
              CHART_TONES.warning,
            ),
          ],
        },
      },
      {
        type: 'line',
        name: 'Predicted',
        connectNulls: false,
        symbolSize: 7,
        data: rows.map((r) => pct(r.predicted?.[analyte])),
      },
    ],
  };
}

/** Per line and period: what the analyzers rejected next to what the vial data predicted. */
export function ObservedVsPredicted({ instituteId }: { instituteId: number }) {
  const filters = useObservedFilters();
  const institute = useSelectedInstitute();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  const params: SummaryParams = {
    frequency: filters.frequency,
    ...(filters.lineIds.length ? { line_ids: filters.lineIds.join(',') } : {}),
    ...(filters.sample !== 'all'
      ? { donor_sample: filters.sample === 'donor' ? ('true' as const) : ('false' as const) }
      : {}),
  };
  const summary = useHemolysisSummary(instituteId, params);
  const all = lines.data?.items ?? [];
  const rows = summary.data?.data ?? [];
  const byLine = new Map<number, SummaryRow[]>();
  for (const r of rows) byLine.set(r.line_id, [...(byLine.get(r.line_id) ?? []), r]);
  const zone = institute.data?.timezone ?? 'UTC';

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h2" gutterBottom>
        Observed and predicted rejection
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: 'center' }}
      >
        <LinesSelect
          lines={all}
          value={filters.lineIds}
          onChange={(lineIds) => filters.set({ lineIds })}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.frequency}
          onChange={(_e, v: SummaryFrequency | null) => v && filters.set({ frequency: v })}
          aria-label="Period"
        >
          {SUMMARY_FREQUENCIES.map((f) => (
            <ToggleButton key={f} value={f}>
              {FREQUENCY_WORDS[f]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.analyte}
          onChange={(_e, v: Analyte | null) => v && filters.set({ analyte: v })}
          aria-label="Analyte"
        >
          {ANALYTES.map((a) => (
            <ToggleButton key={a} value={a}>
              {ANALYTE_NAMES[a]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Samples"
          value={filters.sample}
          onChange={(e) => filters.set({ sample: e.target.value as Filters['sample'] })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="all">All</MenuItem>
          <MenuItem value="donor">Donor</MenuItem>
          <MenuItem value="routine">Routine</MenuItem>
        </TextField>
        <ExportButton
          onExport={(format, onProgress) =>
            exportHemolysisSummary(instituteId, params, format, onProgress)
          }
        />
      </Stack>
      {(summary.isLoading || summary.isError || rows.length === 0) && (
        <ChartPanel
          title="Observed and predicted rejection"
          exportName="observed-rejection"
          option={null}
          loading={summary.isLoading}
          error={summary.isError}
          emptyText="No Hemolysis Data"
        />
      )}
      {[...byLine.entries()].map(([lineId, lineRows]) => (
        <ChartPanel
          key={lineId}
          title={`${lineRows[0].line_name}: ${ANALYTE_NAMES[filters.analyte]} rejection per ${FREQUENCY_WORDS[filters.frequency].toLowerCase()}`}
          exportName={`observed-rejection-${lineId}`}
          option={observedOption(lineRows, filters.analyte, zone)}
          testId={`observed-${lineId}`}
        />
      ))}
    </Paper>
  );
}
