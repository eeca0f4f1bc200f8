import { format } from 'date-fns';
import { DATE_FORMAT } from './format';

/**
 * A calendar day of the API (`YYYY-MM-DD`: validation dates, next validation) as 'dd MMM yyyy'.
 * Read as a local day, since `new Date('2026-03-02')` is UTC midnight and shows as the 1st
 * west of Greenwich. A dash when there is none.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '–';
  return format(new Date(`${day.slice(0, 10)}T00:00:00`), DATE_FORMAT);
}
