import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type RefObject } from 'react';
import type { RecordDto } from '../../../../shared/api/records';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../../shared/api/statistics';
import type { TimeAxisMode } from '../../../components/charts/options';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit, useIsStaff } from '../../../lib/permissions';
import { Comments } from '../../comments';
import { useLine } from '../../lines';
import { TrendPlot, usePrefetchTrend } from './trend-plot';
import { useTimeAxis } from '../hooks/use-time-axis';
import { AccelerationCharts } from './acceleration-charts';
import { RecordFigures } from './record-figures';
import { RecordReviewForm } from './record-review-form';
import { TemperatureChart } from './temperature-chart';
import { TroubleshootingUpsell, useTimeDetailsLocked } from './troubleshooting-upsell';

type ChartTab = 'acceleration' | 'temperature';

interface Props {
  record: RecordDto;
  /** False in the page's first pass: the figures and the first chart only, the rest after it. */
  complete: boolean;
  /** The page's heading, which the focus goes to when the page moves to another record. */
  heading?: RefObject<HTMLHeadingElement | null>;
  /** After the review form saved. */
  onSaved?: (saved: RecordDto) => void;
}

/** One transit record: figures, curves over time, the line's trend, review and comments. */
export function RecordDetail({ record, complete, heading, onSaved }: Props) {
  const [tab, setTab] = useState<ChartTab>('acceleration');
  const { mode, setMode } = useTimeAxis(record.duration);
  const locked = useTimeDetailsLocked(record.institute);
  const editable = useCanEdit();
  const staff = useIsStaff();
  const line = useLine(record.line?.id ?? null);
  usePrefetchTrend(record.institute, record.line?.id ?? null);
  // A trend needs enough records to say anything.
  const trendLine =
    line.data && line.data.line_statistics.record_count >= MIN_RECORDS_FOR_STATISTICS
      ? line.data
      : null;

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" ref={heading} tabIndex={-1}>
          Transit Record
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {formatDateTime(record.date)}
          {staff && ` · Record ${record.id}`}
        </Typography>
        <RecordFigures record={record} />
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: editable ? 8 : 12 }}>
          <Paper sx={{ p: 3 }}>
            <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
              <Tabs
                value={tab}
                onChange={(_e, next: ChartTab) => setTab(next)}
                aria-label="Record data"
                sx={{ flexGrow: 1 }}
              >
                <Tab value="acceleration" label="Acceleration" />
                <Tab value="temperature" label="Temperature" />
              </Tabs>
              <ToggleButtonGroup
                exclusive
                size="small"
                aria-label="Time axis"
                value={mode}
                onChange={(_e, next: TimeAxisMode | null) => next && setMode(next)}
              >
                <ToggleButton value="elapsed">Elapsed</ToggleButton>
                <ToggleButton value="clock">Clock time</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            <TroubleshootingUpsell locked={locked}>
              <Box
                role="tabpanel"
                aria-label={tab === 'acceleration' ? 'Acceleration' : 'Temperature'}
              >
                {tab === 'acceleration' ? (
                  <AccelerationCharts record={record} mode={mode} cumulative={complete} />
                ) : (
                  <TemperatureChart record={record} mode={mode} />
                )}
              </Box>
            </TroubleshootingUpsell>
            {complete && line.data && <Divider sx={{ my: 2 }} />}
            {complete && trendLine && (
              <TrendPlot
                line={trendLine}
                instituteId={record.institute}
                highlightedRecordId={record.id}
                testId="trend-plot"
              />
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: editable ? 4 : 12 }}>
          {complete && (
            <Paper sx={{ p: 3 }}>
              {editable && (
                <>
                  <Typography variant="h3">Review</Typography>
                  <RecordReviewForm key={record.id} record={record} onSaved={onSaved} />
                  <Divider sx={{ my: 2 }} />
                </>
              )}
              <Comments resource="records" id={record.id} />
            </Paper>
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
