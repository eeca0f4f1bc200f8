/**
 * Calendar quarters (peer-benchmarking.md section 2): `YYYYQn`, running from the first local
 * midnight of the quarter's first month to that of the next quarter in a zone.
 */
import { zonedDay, zonedWallTime } from '../domain/time-zone';

interface Quarter {
  year: number;
  /** 1 to 4. */
  q: number;
}

const parseQuarter = (name: string): Quarter => ({
  year: Number(name.slice(0, 4)),
  q: Number(name.slice(5)),
});

const quarterName = ({ year, q }: Quarter): string => `${year}Q${q}`;

/** The quarter `offset` quarters after (or, negative, before) the one named. */
export function shiftQuarter(name: string, offset: number): string {
  const { year, q } = parseQuarter(name);
  const index = year * 4 + (q - 1) + offset;
  return quarterName({ year: Math.floor(index / 4), q: (index % 4) + 1 });
}

/** The quarter an instant falls in, in a zone. */
export function quarterOf(instant: Date | number, timeZone: string): string {
  const day = zonedDay(instant, timeZone);
  return quarterName({
    year: Number(day.slice(0, 4)),
    q: Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1,
  });
}

const firstDay = ({ year, q }: Quarter): string =>
  `${String(year).padStart(4, '0')}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;

/** The quarter's start and end (the next quarter's start) as instants in a zone. */
export function quarterEdges(name: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedWallTime(firstDay(parseQuarter(name)), 0, 0, timeZone),
    end: zonedWallTime(firstDay(parseQuarter(shiftQuarter(name, 1))), 0, 0, timeZone),
  };
}

/** The last quarter that has ended at `now` in a zone (the default of every request). */
export const lastEndedQuarter = (now: Date | number, timeZone: string): string =>
  shiftQuarter(quarterOf(now, timeZone), -1);

/** Whether the quarter has started at `now` in a zone. */
export const hasStarted = (name: string, now: Date | number, timeZone: string): boolean =>
  name <= quarterOf(now, timeZone);

/** Whether the quarter has ended at `now` in a zone. */
export const hasEnded = (name: string, now: Date | number, timeZone: string): boolean =>
  name < quarterOf(now, timeZone);

/** The quarters a picker offers: the current one, then the `count` before it, newest first. */
export const recentQuarters = (now: Date | number, timeZone: string, count = 8): string[] => {
  const current = quarterOf(now, timeZone);
  return Array.from({ length: count + 1 }, (_, i) => shiftQuarter(current, -i));
};
