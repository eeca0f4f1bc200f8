/** A clock time in a zone, e.g. '08:15' (or '08:15:30' with seconds). */
export const clockIn = (zone: string, instant: number, seconds = false) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(new Date(instant));
