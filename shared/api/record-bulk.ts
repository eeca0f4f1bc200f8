import { z } from 'zod';
import { id, out } from './common';
import { setOff } from './records';

export const BULK_MAX_RECORDS = 500;

/** One change applied to many records of the review screen, all or nothing. */
export const recordBulkUpdate = z
  .object({
    ids: z
      .array(id())
      .min(1, 'Select at least one record.')
      .max(BULK_MAX_RECORDS, `Select at most ${BULK_MAX_RECORDS} records at a time.`),
    exclude: z.boolean().optional(),
    /** Assigning a line clears each moved record's validation. */
    line: id().optional(),
    is_reviewed: z.boolean().optional(),
  })
  .refine((b) => b.exclude !== undefined || b.line !== undefined || b.is_reviewed !== undefined, {
    message: 'Choose a change: exclude, line or is_reviewed.',
  });
export type RecordBulkUpdate = z.infer<typeof recordBulkUpdate>;

/** How many records changed, and what the change set off in monitoring. */
export const recordBulkResult = z.object({ updated: out.int(), set_off: setOff });
export type RecordBulkResult = z.infer<typeof recordBulkResult>;
