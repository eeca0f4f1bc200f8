import { zonedDay, zonedOffset } from '../../shared/domain/time-zone';

/**
 * Calendar days in an IANA time zone without a time-zone library: the institute's days (the
 * activity heat map, the records date filter) are not the browser's.
 */

/** The instant a `YYYY-MM-DD` day starts in the zone, as an ISO timestamp. */
export function zonedDayStart(day: string, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - zonedOffset(midnightUtc, timeZone);
  // Across a DST change the offset at the guess differs from the one at midnight: once more.
  instant = midnightUtc - zonedOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

export { zonedDay };

/**
 * Today, the one meaning the screens give it: the institute's calendar day (the browser's only
 * until the institute's zone is known). Date inputs take it as their `max`.
 */
export const zonedToday = (timeZone: string | undefined): string => zonedDay(new Date(), timeZone);
