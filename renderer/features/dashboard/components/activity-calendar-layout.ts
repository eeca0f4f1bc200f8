import { addDays } from '../../../../shared/domain/time-zone';

/**
 * Where the heat map draws its days: fixed square cells, weeks as columns from Monday, so a
 * day's cell is known without measuring the drawing (the browser test clicks one this way).
 */
export const CALENDAR = { left: 40, top: 28, cell: 16 } as const;

/** Monday 0 … Sunday 6. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The first day shown: `days` days ending today. */
export const rangeStart = (today: string, days: number) => addDays(today, -(days - 1));

/** The week column a day falls in, counted from the week of `start`. */
export const weekOf = (start: string, day: string) =>
  Math.floor((daysBetween(start, day) + weekday(start)) / 7);

/** The top-left corner of a day's cell in the drawing's pixels. */
export const cellCorner = (start: string, day: string) => ({
  x: CALENDAR.left + weekOf(start, day) * CALENDAR.cell,
  y: CALENDAR.top + weekday(day) * CALENDAR.cell,
});

/** The centre of a day's cell in the drawing's pixels. */
export function cellCenter(start: string, day: string): { x: number; y: number } {
  const { x, y } = cellCorner(start, day);
  return { x: x + CALENDAR.cell / 2, y: y + CALENDAR.cell / 2 };
}
