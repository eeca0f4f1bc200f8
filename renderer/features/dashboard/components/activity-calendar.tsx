import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { addDays } from '../../../../shared/domain/time-zone';
import { counted } from '../../../../shared/domain/plural';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDate } from '../../../lib/format';
import { CALENDAR, cellCorner, weekOf } from './activity-calendar-layout';

/** Records per day → the cell's colour, from the lightest; each piece starts at its `min`. */
const PIECES = [
  { min: 0, color: '#EBEEF0', label: '0' },
  { min: 1, color: '#B9DCDC', label: '1' },
  { min: 2, color: '#7BBABA', label: '2–3' },
  { min: 4, color: '#3F9494', label: '4–6' },
  { min: 7, color: '#155858', label: '7+' },
];
/** A day's records; a day without any is not in the map. */
const countIn = (counts: ReadonlyMap<string, number>, day: string) => counts.get(day) ?? 0;
const colorOf = (count: number) => PIECES.findLast((p) => count >= p.min)?.color;

const DAY_LETTERS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** White between the cells, as a calendar's lines. */
const GAP = 2;
/** The legend's row below the days. */
const LEGEND_HEIGHT = 40;
/** The calendar's whole height, kept while its data loads so nothing below it moves. */
export const CALENDAR_HEIGHT = CALENDAR.top + 7 * CALENDAR.cell + 8 + LEGEND_HEIGHT;

/** A day as the user reads it: 'dd MMM yyyy'. */
export const dayText = (day: string) => formatDate(new Date(`${day}T00:00:00`));

interface Props {
  /** The first and last day shown (`YYYY-MM-DD`), the institute's today last. */
  start: string;
  days: number;
  counts: ReadonlyMap<string, number>;
  /** A day chosen by click, Enter or Space. */
  onOpen: (day: string, count: number) => void;
  ariaLabel: string;
  testId: string;
}

/**
 * Records per day as a calendar of weeks from Monday, one square per day, drawn as SVG by React
 * (echarts' calendar cost the dashboard its largest library and ~0.3 s of main thread, issue 21).
 * A hovered day, or the day chosen with the arrow keys, shows its date and count.
 */
export function ActivityCalendar({ start, days, counts, onOpen, ariaLabel, testId }: Props) {
  const last = addDays(start, days - 1);
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const cells = useMemo(
    () =>
      Array.from({ length: days }, (_v, i) => {
        const day = addDays(start, i);
        return { day, count: countIn(counts, day), ...cellCorner(start, day) };
      }),
    [start, days, counts],
  );
  const width = CALENDAR.left + (weekOf(start, last) + 1) * CALENDAR.cell + 8;
  // Each month named above its first week; the first, partial one too where there is room.
  const months = useMemo(() => {
    const firsts = cells.filter(({ day }) => day.endsWith('-01'));
    const roomy = !firsts.length || weekOf(start, firsts[0].day) >= 3;
    return roomy && !start.endsWith('-01') ? [cells[0], ...firsts] : firsts;
  }, [cells, start]);
  const shown = hovered ?? focused;
  // Narrower than the year (a phone), the calendar opens on its latest weeks, not the oldest
  // (issue 44): today's end is what the user came for; the year before scrolls into view.
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = box.scrollWidth;
  }, [width]);
  const dayAt = (event: MouseEvent) => (event.target as Element).getAttribute('data-day');

  const onKeyDown = (event: KeyboardEvent) => {
    const from = focused ?? last;
    const step = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (step !== undefined) {
      const to = addDays(from, step);
      if (to >= start && to <= last) setFocused(to);
    } else if (event.key === 'Home') setFocused(start);
    else if (event.key === 'End') setFocused(last);
    else if (event.key === 'Enter' || event.key === ' ') onOpen(from, countIn(counts, from));
    else return;
    event.preventDefault();
    // The keys' day is shown now, not the one the pointer last rested on.
    setHovered(null);
  };

  return (
    <Box ref={scroller} sx={{ overflowX: 'auto' }}>
      <Box sx={{ position: 'relative', width, height: CALENDAR_HEIGHT }}>
        <svg
          width={width}
          height={CALENDAR.top + 7 * CALENDAR.cell + 8}
          role="application"
          aria-label={ariaLabel}
          aria-describedby={`${testId}-day`}
          data-testid={testId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused((day) => day ?? last)}
          onBlur={() => setFocused(null)}
          onMouseOver={(event) => setHovered(dayAt(event))}
          onMouseLeave={() => setHovered(null)}
          onClick={(event) => {
            const day = dayAt(event);
            if (day) onOpen(day, countIn(counts, day));
          }}
          style={{ display: 'block', outline: 'none', fontSize: 10, fill: CHART_TONES.muted }}
        >
          {DAY_LETTERS.map((letter, row) => (
            <text
              key={row}
              x={CALENDAR.left - 8}
              y={CALENDAR.top + row * CALENDAR.cell + CALENDAR.cell / 2}
              textAnchor="end"
              dominantBaseline="central"
            >
              {letter}
            </text>
          ))}
          {months.map(({ day, x }) => (
            <text key={day} x={x} y={CALENDAR.top - 8} fontSize={12}>
              {MONTHS[Number(day.slice(5, 7)) - 1]}
            </text>
          ))}
          {cells.map(({ day, count, x, y }) => (
            <rect
              key={day}
              data-day={day}
              x={x + GAP / 2}
              y={y + GAP / 2}
              width={CALENDAR.cell - GAP}
              height={CALENDAR.cell - GAP}
              fill={colorOf(count)}
              style={{ cursor: 'pointer' }}
            />
          ))}
          {focused && (
            <rect
              {...cellCorner(start, focused)}
              width={CALENDAR.cell}
              height={CALENDAR.cell}
              fill="none"
              stroke={CHART_TONES.highlight}
              strokeWidth={2}
              pointerEvents="none"
            />
          )}
        </svg>
        <DayNote
          id={`${testId}-day`}
          day={shown}
          count={shown ? countIn(counts, shown) : 0}
          start={start}
          width={width}
        />
        <Legend />
      </Box>
    </Box>
  );
}

/** The shown day's date and count beside its cell; read out as the arrow keys move. */
function DayNote(props: {
  id: string;
  day: string | null;
  count: number;
  start: string;
  width: number;
}) {
  const { id, day, count, start, width } = props;
  const at = day ? cellCorner(start, day) : null;
  // Beside the cell, or to its left near the right edge.
  const left =
    at && (at.x > width - 160 ? { right: width - at.x + 4 } : { left: at.x + CALENDAR.cell + 4 });
  return (
    <Box
      id={id}
      aria-live="polite"
      sx={{
        position: 'absolute',
        top: at ? Math.max(0, at.y - 12) : 0,
        ...left,
        display: day ? 'block' : 'none',
        px: 1,
        py: 0.5,
        bgcolor: 'background.paper',
        boxShadow: 2,
        borderRadius: 1,
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
        zIndex: 1,
      }}
    >
      {day && (
        <Typography variant="body2">
          {dayText(day)}
          <br />
          <b>{counted(count, 'record', 'records')}</b>
        </Typography>
      )}
    </Box>
  );
}

/** What each colour counts, at the calendar's bottom right. */
function Legend() {
  return (
    <Box sx={{ position: 'absolute', right: 16, bottom: 0, display: 'flex', gap: 1.5 }} aria-hidden>
      {PIECES.map(({ color, label }) => (
        <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: 12, bgcolor: color, borderRadius: 0.5 }} />
          <Typography variant="caption" sx={{ color: CHART_TONES.muted }}>
            {label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
