import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { addDays } from '../../../../shared/api/validations';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDate } from '../../../lib/format';
import { zonedDayStart, zonedToday } from '../../../lib/time-zone';
import { recordsLink } from '../../records';
import { ACTIVITY_DAYS, useRecordActivity } from '../api/get-record-activity';
import { CALENDAR, rangeStart } from './activity-calendar-layout';
import { ErrorFetching } from '../../../components/ui/query-state';
import { counted } from '../../../../shared/domain/plural';

export const NO_RECORDS_ON = 'No records found on';

/**
 * echarts is most of the dashboard's code: loaded beside the dashboard, not before it, so the
 * cards show without waiting for it (issue 21), and from the map's mount, beside its data.
 */
const loadEChart = () => import('../../../components/charts/e-chart');
const EChart = lazy(() => loadEChart().then((m) => ({ default: m.EChart })));

/** The chart's height, also kept while its data or code loads so the page below does not jump. */
const HEAT_MAP_HEIGHT = CALENDAR.top + 7 * CALENDAR.cell + 48;

/** The chart's space while it cannot be drawn yet, with what is to be said meanwhile. */
function HeatMapSpace({ children }: { children?: ReactNode }) {
  return <Box sx={{ height: HEAT_MAP_HEIGHT }}>{children}</Box>;
}

const PIECES = [
  { value: 0, color: '#EBEEF0', label: '0' },
  { min: 1, max: 1, color: '#B9DCDC', label: '1' },
  { min: 2, max: 3, color: '#7BBABA', label: '2–3' },
  { min: 4, max: 6, color: '#3F9494', label: '4–6' },
  { min: 7, color: '#155858', label: '7+' },
];

/** A day as the user reads it: 'dd MMM yyyy'. */
const dayText = (day: string) => formatDate(new Date(`${day}T00:00:00`));

/**
 * Records per day over the last year, weeks from Monday to Sunday, in the institute's days.
 * Clicking a day opens the records of that day, or says there were none.
 */
export function ActivityHeatMap({ instituteId }: { instituteId: number }) {
  const activity = useRecordActivity(instituteId);
  const navigate = useNavigate();
  const [emptyDay, setEmptyDay] = useState<string | null>(null);
  const timeZone = activity.data?.timezone;
  useEffect(() => void loadEChart(), []);

  const option = useMemo(() => {
    if (!activity.data) return null;
    const today = zonedToday(activity.data.timezone);
    const start = rangeStart(today, ACTIVITY_DAYS);
    const counts = new Map(activity.data.days.map((d) => [d.date, d.count]));
    // Every day gets a cell, empty ones too, so every day answers a click.
    const data = Array.from({ length: ACTIVITY_DAYS }, (_v, i) => {
      const day = addDays(start, i);
      return [day, counts.get(day) ?? 0];
    });
    return {
      tooltip: {
        formatter: ({ value }: { value: [string, number] }) =>
          `${dayText(value[0])}<br/><b>${counted(value[1], 'record', 'records')}</b>`,
      },
      visualMap: {
        type: 'piecewise',
        pieces: PIECES,
        orient: 'horizontal',
        right: 16,
        bottom: 0,
        itemWidth: 12,
        itemHeight: 12,
        textStyle: { color: CHART_TONES.muted },
      },
      calendar: {
        range: [start, today],
        left: CALENDAR.left,
        top: CALENDAR.top,
        cellSize: [CALENDAR.cell, CALENDAR.cell],
        orient: 'horizontal',
        dayLabel: { firstDay: 1, nameMap: 'en', color: CHART_TONES.muted, fontSize: 10 },
        monthLabel: { nameMap: 'en', color: CHART_TONES.muted },
        yearLabel: { show: false },
        splitLine: { show: false },
        itemStyle: { borderColor: '#FFFFFF', borderWidth: 2 },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data, cursor: 'pointer' }],
    };
  }, [activity.data]);

  const onEvents = useMemo(
    () => ({
      click: ({ value }: { value?: [string, number] }) => {
        if (!value || !timeZone) return;
        const [day, count] = value;
        if (count === 0) {
          setEmptyDay(day);
          return;
        }
        navigate(
          recordsLink({
            date__gte: zonedDayStart(day, timeZone),
            date__lt: zonedDayStart(addDays(day, 1), timeZone),
            exclude: false,
            hidden: false,
          }),
        );
      },
    }),
    [navigate, timeZone],
  );

  return (
    <Paper component="section" aria-label="Activity in the Last Year" sx={{ p: 2 }}>
      <Typography variant="h2" gutterBottom>
        Activity in the Last Year
      </Typography>
      {option ? (
        <Suspense fallback={<HeatMapSpace />}>
          <EChart
            option={option}
            onEvents={onEvents}
            height={HEAT_MAP_HEIGHT}
            ariaLabel="Records per day over the last year"
            testId="activity-heat-map"
          />
        </Suspense>
      ) : (
        <HeatMapSpace>
          {activity.isError && <ErrorFetching error={activity.error} />}
          {activity.isLoading && <Typography color="text.secondary">Retrieving Data...</Typography>}
        </HeatMapSpace>
      )}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {emptyDay && `${NO_RECORDS_ON} ${dayText(emptyDay)}`}
      </Typography>
    </Paper>
  );
}
