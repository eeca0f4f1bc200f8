import { z } from 'zod';
import { intParam, isoDate, out } from './common';

/** The dashboard's "Activity in the Last Year" heat map. */
export const recordActivityQuery = z.object({
  days: intParam(1, 3660).default(365),
});

export const recordActivityResponse = z.object({
  /** IANA zone the days are counted in: the institute's. */
  timezone: out.text(),
  /** Only days with records, oldest first. */
  days: z.array(z.object({ date: isoDate, count: out.int() })),
});
export type RecordActivity = z.infer<typeof recordActivityResponse>;
