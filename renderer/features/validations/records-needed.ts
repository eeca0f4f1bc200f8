import { RECORDS_PER_LINE_PER_DAY } from '../../../shared/api/validations';

/**
 * What the protocol needs, per day as its message ('Collect 4 records for each line.') means
 * it: '4 per line', or '4 per line on each of the 3 days'; never a per-line total that reads as
 * a contradiction of that message.
 */
export const perDayNeed = (days: number, line: string): string =>
  days === 1
    ? `${RECORDS_PER_LINE_PER_DAY} per ${line}`
    : `${RECORDS_PER_LINE_PER_DAY} per ${line} on each of the ${days} days`;
