/**
 * IANA time zones, the rules every process applies to them: which names are zones (the database
 * counts days in them) and the calendar day an instant falls on in one.
 */

/** An IANA zone the runtime knows. */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's calendar day (`YYYY-MM-DD`) an instant falls on (no zone: the runtime's). */
export function zonedDay(instant: string | number | Date, timeZone: string | undefined): string {
  const format = formatterOf(
    dayFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  );
  return format.format(new Date(instant));
}

/**
 * One formatter per zone and purpose, made once: making one costs some hundred times what a
 * format does (the activity calendar asks for a year of days).
 */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
const wallClockFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function formatterOf(
  made: Map<string | undefined, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = made.get(timeZone);
  if (!format) {
    format = make();
    made.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock to the second, parts as numbers (throws a RangeError for an unknown zone). */
export const wallClockFormat = (timeZone: string): Intl.DateTimeFormat =>
  formatterOf(
    wallClockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );

/** The zone's offset from UTC (ms) at an instant: wall clock minus UTC. */
export function zonedOffset(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const format = wallClockFormat(timeZone);
  const whole = Math.floor(instant / 1000) * 1000;
  for (const p of format.formatToParts(new Date(whole)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return wall - whole;
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`; negative goes back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant the zone's clocks show `hour:minute` on `day`. A repeated time (clocks going back)
 * is the earlier instant; a time the clocks skip (going forward) is read with the offset before
 * the change, so it lands as far past the jump as it was into the gap (as Temporal's
 * 'compatible' does).
 */
export function zonedWallTime(day: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offsets a few hours either side cover any transition near the time.
  const offsets = [-12, 0, 12].map((h) => zonedOffset(wall + h * 3_600_000, timeZone));
  const fits = offsets
    .map((offset) => wall - offset)
    .filter((instant) => instant + zonedOffset(instant, timeZone) === wall);
  if (fits.length) return new Date(Math.min(...fits));
  // In a gap: the offset before the change, which the clocks left at that instant.
  return new Date(wall - offsets[0]);
}
