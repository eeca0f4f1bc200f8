import { z } from 'zod';
import { intParam, isoDate, out } from './common';

/** The dashboard's "Activity in the Last Year" heat map. */
export const recordActivityQuery = z.object({
  days: intParam(1, 3660).default(365),
});

export const recordActivityResponse = z.object({
  /** IANA zone the days are counted in: the institute's. */
  timezone: out.text(),
  /**
   * The institute's today, the last day counted: the calendar ends on it without working out
   * the zone's date in the browser (its first zoned date costs the dashboard ~50 ms, issue 21).
   */
  today: isoDate,
  /** Only days with records, oldest first. */
  days: z.array(z.object({ date: isoDate, count: out.int() })),
});
export type RecordActivity = z.infer<typeof recordActivityResponse>;
