import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SettingsIcon from '@mui/icons-material/Settings';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AnalyzerDto } from '../../../../shared/api/analyzer';
import type { MeasurementDto } from '../../../../shared/api/hemolysis';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { referenceLine, valueAxis } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { formatDay } from '../../../lib/calendar-day';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useCanEdit } from '../../../lib/permissions';
import { analyzerQueryOptions } from '../../analyzer';
import { useHemolysisData } from '../api/get-hemolysis-data';
import { useMeasurementDays } from '../api/get-measurement-days';
import { useMeasurements } from '../api/get-measurements';
import { DayMeasurementsTable } from './day-measurements-table';
import { clockIn } from './zone-clock';
import { counted } from '../../../../shared/domain/plural';

const HOUR = 3_600_000;

/** One day's HI values over the hours of that day in the data set's zone, with the cut-offs. */
export function dayOption(
  measurements: MeasurementDto[],
  dayStart: number,
  dayEnd: number,
  zone: string,
  analyzer: AnalyzerDto | undefined,
) {
  if (!measurements.length) return null;
  const hours = (dayEnd - dayStart) / HOUR;
  const cutoffs = analyzer
    ? [
        referenceLine(analyzer.ldh_threshold, `LDH ${analyzer.ldh_threshold}`, CHART_TONES.warning),
        referenceLine(analyzer.asat_threshold, `ASAT ${analyzer.asat_threshold}`, CHART_TONES.bad),
        referenceLine(
          analyzer.potassium_threshold,
          `K ${analyzer.potassium_threshold}`,
          CHART_TONES.reference,
        ),
      ]
    : [];
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { value: [number, number] }) =>
        `${clockIn(zone, dayStart + p.value[0] * HOUR, true)}: HI ${p.value[1]} mg/dL`,
    },
    grid: { left: 72, right: 80, top: 24, bottom: 48 },
    xAxis: {
      type: 'value',
      min: 0,
      max: hours,
      interval: 2,
      name: `Time (${zone})`,
      nameLocation: 'middle',
      nameGap: 28,
      axisLabel: { formatter: (h: number) => clockIn(zone, dayStart + h * HOUR) },
    },
    yAxis: valueAxis('Hemolysis index', 'mg/dL', { min: 0, scale: false }),
    series: [
      {
        type: 'scatter',
        name: 'HI',
        symbolSize: 6,
        data: measurements.map((m) => [(Date.parse(m.timestamp) - dayStart) / HOUR, m.value]),
        markLine: { silent: true, symbol: 'none', data: cutoffs },
      },
    ],
  };
}

/**
 * /hemolysis-index-data/{id}: the data set, a day picker, the chart of the chosen day and its
 * measurements (correctable by those who may edit data).
 */
export function HemolysisDayView({ id }: { id: number }) {
  const data = useHemolysisData(id);
  const days = useMeasurementDays(id);
  const analyzer = useQuery({
    ...analyzerQueryOptions(data.data?.institute ?? 0),
    enabled: data.data !== undefined,
  });
  const editable = useCanEdit();
  const [params, setParams] = useSearchParams();
  const list = days.data?.days ?? [];
  const wanted = params.get('day');
  const day = list.length ? (list.find((d) => d.date === wanted) ?? list[list.length - 1]) : null;
  const dayIndex = day ? list.indexOf(day) : -1;
  const measurements = useMeasurements(
    id,
    day
      ? {
          timestamp__gte: day.start,
          timestamp__lte: new Date(Date.parse(day.end) - 1).toISOString(),
        }
      : null,
  );
  const pick = (date: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('day', date);
        return next;
      },
      { replace: true },
    );

  if (data.isError)
    return (
      <ErrorFetching
        error={data.error}
        back={{ to: '/hemolysis-index', label: 'Hemolysis Index' }}
        notFound="Hemolysis data not found."
      />
    );
  if (!data.data) return <RetrievingData />;
  const set = data.data;
  const zone = days.data?.timezone_name ?? set.timezone_name;
  const downloadUrl = set.download_url;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {set.title}
        </Typography>
        {downloadUrl !== null && (
          <Button onClick={() => downloadFile(downloadUrl, set.filename)}>Download CSV</Button>
        )}
        {editable && set.source === 'upload' && (
          <Button
            component={RouterLink}
            to={`/hemolysis-index-data/${id}/settings`}
            startIcon={<SettingsIcon />}
          >
            Settings
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">
        {set.line.name} · {counted(set.measurement_summary.count, 'measurement', 'measurements')}{' '}
        from {formatDateTime(set.measurement_summary.start)} to{' '}
        {formatDateTime(set.measurement_summary.end)} · {set.donor_sample ? 'Donor' : 'Routine'}{' '}
        samples · time zone {set.timezone_name}
        {set.skipped_rows > 0 &&
          ` · ${counted(set.skipped_rows, 'row', 'rows')} without h_index skipped`}
      </Typography>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <IconButton
            aria-label="Previous day"
            disabled={!day || dayIndex <= 0}
            onClick={() => pick(list[dayIndex - 1].date)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <TextField
            select
            size="small"
            label="Day"
            value={day?.date ?? ''}
            onChange={(e) => pick(e.target.value)}
            sx={{ minWidth: 240 }}
            disabled={!list.length}
          >
            {list.map((d) => (
              <MenuItem key={d.date} value={d.date}>
                {formatDay(d.date)} ({d.count})
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label="Next day"
            disabled={!day || dayIndex >= list.length - 1}
            onClick={() => pick(list[dayIndex + 1].date)}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        <ChartPanel
          title={day ? `Hemolysis index on ${formatDay(day.date)}` : 'Hemolysis index'}
          exportName={`hemolysis-${set.id}-${day?.date ?? 'day'}`}
          option={
            day && measurements.data
              ? dayOption(
                  measurements.data.items,
                  Date.parse(day.start),
                  Date.parse(day.end),
                  zone,
                  analyzer.data,
                )
              : null
          }
          loading={days.isLoading || measurements.isLoading}
          error={days.isError || measurements.isError}
          testId="hemolysis-day-chart"
        />
        {day && measurements.data && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {counted(measurements.data.total, 'measurement', 'measurements')} on this day.
            </Typography>
            <DayMeasurementsTable
              dataId={id}
              measurements={measurements.data.items}
              zone={zone}
              editable={editable && set.source === 'upload'}
            />
          </>
        )}
      </Paper>
    </Stack>
  );
}
