import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { ChartExportButton } from './chart-export-button';
import { EChart, type ChartEvents, type ChartOption } from './e-chart';
import type { EChartsType } from './echarts';

interface Props {
  title: string;
  /** File name of exports, without extension. */
  exportName: string;
  /** Null while there is nothing to draw (loading, failed or empty). */
  option: ChartOption | null;
  loading?: boolean;
  error?: boolean;
  /** The server's reason for the failure, shown instead of the generic text when it sent one. */
  errorText?: string;
  /** Shown when loaded with nothing to draw, in the spec's words ('No Data', ...). */
  emptyText?: string;
  height?: number;
  onEvents?: ChartEvents;
  /** Controls beside the export button (a metric choice, a time switch). */
  actions?: ReactNode;
  testId?: string;
}

/**
 * A titled chart with its export button and every state designed: 'Retrieving Data...',
 * 'Error fetching data' (or the server's reason), the empty text, then the chart.
 */
export function ChartPanel({
  title,
  exportName,
  option,
  loading = false,
  error = false,
  errorText,
  emptyText = 'No Data',
  height = 320,
  onEvents,
  actions,
  testId,
}: Props) {
  const chart = useRef<EChartsType | null>(null);
  // Every state takes the chart's own height: nothing below the panel moves when the data
  // arrive (the monitoring view shifted by 0.229 in Lighthouse, issue 44).
  const space = { minHeight: height };
  let body: ReactNode;
  if (loading) {
    body = (
      <Box role="status" sx={{ ...space, py: 6, textAlign: 'center' }}>
        {/* The status text says it; the bar only shows it. */}
        <LinearProgress aria-hidden sx={{ mb: 2 }} />
        <Typography color="text.secondary">Retrieving Data...</Typography>
      </Box>
    );
  } else if (error) {
    body = (
      <Box sx={space}>
        <Alert severity="error">{errorText ?? 'Error fetching data'}</Alert>
      </Box>
    );
  } else if (!option) {
    body = (
      <Typography color="text.secondary" sx={{ ...space, py: 6, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  } else {
    body = (
      <EChart
        option={option}
        ariaLabel={title}
        height={height}
        onEvents={onEvents}
        chartRef={chart}
        testId={testId}
      />
    );
  }
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        {/* h2: a chart is a section of its screen, wherever the screen puts it (WCAG 1.3.1). */}
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
        <ChartExportButton
          getChart={() => chart.current}
          baseName={exportName}
          disabled={!option || loading || error}
        />
      </Stack>
      {body}
    </Box>
  );
}
