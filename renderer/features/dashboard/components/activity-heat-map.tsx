import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { addDays } from '../../../../shared/domain/time-zone';
import { zonedDayStart } from '../../../lib/time-zone';
import { recordsLink } from '../../records';
import { ACTIVITY_DAYS, useRecordActivity } from '../api/get-record-activity';
import { rangeStart } from './activity-calendar-layout';
import { ActivityCalendar, CALENDAR_HEIGHT, dayText } from './activity-calendar';
import { ErrorFetching } from '../../../components/ui/query-state';

export const NO_RECORDS_ON = 'No records found on';

/** The calendar's space while it cannot be drawn yet, with what is to be said meanwhile. */
function CalendarSpace({ children }: { children?: ReactNode }) {
  return <Box sx={{ height: CALENDAR_HEIGHT }}>{children}</Box>;
}

/**
 * Records per day over the last year, weeks from Monday to Sunday, in the institute's days.
 * Choosing a day opens the records of that day, or says there were none.
 */
export function ActivityHeatMap({ instituteId }: { instituteId: number }) {
  const activity = useRecordActivity(instituteId);
  const navigate = useNavigate();
  const [emptyDay, setEmptyDay] = useState<string | null>(null);

  const calendar = useMemo(() => {
    if (!activity.data) return null;
    return {
      timeZone: activity.data.timezone,
      start: rangeStart(activity.data.today, ACTIVITY_DAYS),
      counts: new Map(activity.data.days.map((d) => [d.date, d.count])),
    };
  }, [activity.data]);

  const open = (day: string, count: number) => {
    if (!calendar) return;
    if (count === 0) {
      setEmptyDay(day);
      return;
    }
    navigate(
      recordsLink({
        date__gte: zonedDayStart(day, calendar.timeZone),
        date__lt: zonedDayStart(addDays(day, 1), calendar.timeZone),
        exclude: false,
        hidden: false,
      }),
    );
  };

  return (
    <Paper component="section" aria-label="Activity in the Last Year" sx={{ p: 2 }}>
      <Typography variant="h2" gutterBottom>
        Activity in the Last Year
      </Typography>
      {calendar ? (
        <ActivityCalendar
          start={calendar.start}
          days={ACTIVITY_DAYS}
          counts={calendar.counts}
          onOpen={open}
          ariaLabel="Records per day over the last year"
          testId="activity-heat-map"
        />
      ) : (
        <CalendarSpace>
          {activity.isError && <ErrorFetching error={activity.error} />}
          {activity.isLoading && <Typography color="text.secondary">Retrieving Data...</Typography>}
        </CalendarSpace>
      )}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {emptyDay && `${NO_RECORDS_ON} ${dayText(emptyDay)}`}
      </Typography>
    </Paper>
  );
}
