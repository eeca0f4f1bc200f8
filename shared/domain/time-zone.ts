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
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}
