import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  BAND_WORDS,
  REJECTION_BANDS,
  type RejectionBand,
} from '../../../../shared/domain/rejection-bands';
import { RejectionChart, seriesPerAnalyte } from '../../../components/charts/rejection-chart';
import { EmptyState, ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useLineWord } from '../../institutes';
import { LinesSelect, useLines } from '../../lines';

interface InsightFilters {
  lineIds: number[];
  bands: RejectionBand[];
  hemolysisOnly: boolean;
  set: (patch: Partial<Omit<InsightFilters, 'set'>>) => void;
}

/** The insights filters are kept on this computer (monitoring.md section 2). */
const useInsightFilters = create<InsightFilters>()(
  persist(
    (set) => ({
      lineIds: [],
      bands: [...REJECTION_BANDS],
      hemolysisOnly: false,
      set: (patch) => set(patch),
    }),
    { name: 'vialqc-rejection-insights', version: 1 },
  ),
);

const SAMPLE_CSV = `timestamp,h_index
2026-03-02T08:15:00,12
2026-03-02T08:16:30,9
2026-03-02T08:19:10,31`;

function FileFormatHelp() {
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Hemolysis data file format">
      <Typography variant="h2" gutterBottom>
        Hemolysis data file format
      </Typography>
      <Typography gutterBottom>
        Upload the analyzer&apos;s hemolysis index (HI) results as a CSV file with a header row and
        two columns: <code>timestamp</code> (when the sample was measured, ISO 8601 such as
        2026-03-02T08:15:00, in the time zone chosen at upload) and <code>h_index</code> (the
        hemolysis index, free haemoglobin in mg/dL). Other columns are ignored.
      </Typography>
      <Box
        component="pre"
        sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 13, overflowX: 'auto' }}
      >
        {SAMPLE_CSV}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Samples are rejected for an analyte when their HI exceeds the analyzer&apos;s threshold for
        it (Settings, Analyzer). The figures below estimate how often transport alone pushes a
        sample over those thresholds.
      </Typography>
    </Paper>
  );
}

/** Lab rejection insights: the file format, then the lines' rejection figures, filtered. */
export function RejectionInsights({
  instituteId,
  observed,
}: {
  instituteId: number;
  /** Observed against predicted rejection (the hemolysis feature), under the file-format help. */
  observed?: ReactNode;
}) {
  const word = useLineWord();
  const filters = useInsightFilters();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });

  const all = lines.data?.items ?? [];
  const shown = all.filter(
    (l) =>
      l.line_statistics.auc.rejection_rates !== null &&
      (filters.lineIds.length === 0 || filters.lineIds.includes(l.id)) &&
      (!filters.hemolysisOnly || l.has_hemolysis) &&
      l.line_statistics.auc.performance !== null &&
      filters.bands.includes(l.line_statistics.auc.performance),
  );

  return (
    <Stack spacing={2}>
      <FileFormatHelp />
      {observed}
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" gutterBottom>
          Rejection by {word.singular}
        </Typography>
        <Stack
          sx={{ alignItems: 'center', mb: 2 }}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
        >
          <LinesSelect
            lines={all}
            value={filters.lineIds}
            onChange={(lineIds) => filters.set({ lineIds })}
          />
          <ToggleButtonGroup
            size="small"
            value={filters.bands}
            onChange={(_e, bands: RejectionBand[]) => filters.set({ bands })}
            aria-label="Performance bands"
          >
            {REJECTION_BANDS.map((b) => (
              <ToggleButton key={b} value={b}>
                {BAND_WORDS[b]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FormControlLabel
            label="With hemolysis data only"
            control={
              <Switch
                checked={filters.hemolysisOnly}
                onChange={(e) => filters.set({ hemolysisOnly: e.target.checked })}
              />
            }
          />
        </Stack>
        {lines.isError && <ErrorFetching />}
        {lines.isLoading && <RetrievingData />}
        {lines.data && shown.length === 0 && <EmptyState text="No Data" />}
        {shown.length > 0 && (
          <RejectionChart
            exportName="rejection-insights"
            title={`Rejection probability per ${word.singular}`}
            categories={shown.map((l) => l.name)}
            series={seriesPerAnalyte((a) =>
              shown.map((l) => l.line_statistics.auc.rejection_rates?.[a] ?? null),
            )}
          />
        )}
      </Paper>
    </Stack>
  );
}
