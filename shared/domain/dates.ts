/**
 * The date-range rule of monitoring.md's record filters, for every screen that filters by days:
 * no day after today, and To not before From. Days are `YYYY-MM-DD` (compared as text, '' when
 * unset); `today` is the caller's, the institute's calendar day.
 */
export const FUTURE_DATE = 'Dates cannot be in the future.';
export const TO_BEFORE_FROM = 'To Date cannot be before From Date.';

export interface DayRange {
  from: string;
  to: string;
}

/** Each end's message, or undefined where it is fine. */
export function dayRangeErrors({ from, to }: DayRange, today: string): Partial<DayRange> {
  return {
    from: from > today ? FUTURE_DATE : undefined,
    to: to > today ? FUTURE_DATE : from && to && to < from ? TO_BEFORE_FROM : undefined,
  };
}

export function isValidDayRange(range: DayRange, today: string): boolean {
  const errors = dayRangeErrors(range, today);
  return errors.from === undefined && errors.to === undefined;
}
