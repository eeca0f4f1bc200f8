import { zonedDay } from '../../shared/domain/time-zone';

/**
 * Calendar days in an IANA time zone without a time-zone library: the institute's days (the
 * activity heat map, the records date filter) are not the browser's.
 */

/** Milliseconds the zone is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a `YYYY-MM-DD` day starts in the zone, as an ISO timestamp. */
export function zonedDayStart(day: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // Across a DST change the offset at the guess differs from the one at midnight: once more.
  instant = midnightUtc - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

export { zonedDay };

/**
 * Today, the one meaning the screens give it: the institute's calendar day (the browser's only
 * until the institute's zone is known). Date inputs take it as their `max`.
 */
export const zonedToday = (timeZone: string | undefined): string => zonedDay(new Date(), timeZone);
