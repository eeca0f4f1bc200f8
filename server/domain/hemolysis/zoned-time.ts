import { wallClockFormat } from '../../../shared/domain/time-zone';

/**
 * Local wall-clock time in an IANA zone → instant, with the rule of hemolysis-data.md section 3:
 * a local time that does not exist (a DST gap) is an error, an ambiguous one (the repeated hour)
 * takes the earlier instant. Offsets are cached per quarter hour, so a million rows cost a few
 * thousand Intl calls, not millions.
 */

const QUARTER_HOUR = 15 * 60 * 1000;
const CACHE_LIMIT = 200_000;
/** Further than any offset reaches, closer than two transitions ever come. */
const PROBE = 18 * 60 * 60 * 1000;

export class ZoneOffsets {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<number, number>();

  /** Throws a RangeError for a zone Intl does not know. */
  constructor(readonly zone: string) {
    this.format = wallClockFormat(zone);
  }

  /** The zone's offset from UTC (ms) at an instant. */
  offsetAt(instant: number): number {
    const key = Math.floor(instant / QUARTER_HOUR);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const at = key * QUARTER_HOUR;
    const parts: Record<string, number> = {};
    for (const p of this.format.formatToParts(new Date(at)))
      if (p.type !== 'literal') parts[p.type] = Number(p.value);
    const wall = Date.UTC(
      parts.year,
      parts.month - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
    );
    const offset = wall - at;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, offset);
    return offset;
  }

  /**
   * The instant of a wall-clock time given as if it were UTC (`Date.UTC(...)` of the local
   * fields): null in a DST gap, the earlier instant when the time is ambiguous.
   */
  toInstant(wallAsUtc: number): number | null {
    const offsets = new Set([
      this.offsetAt(wallAsUtc - PROBE),
      this.offsetAt(wallAsUtc),
      this.offsetAt(wallAsUtc + PROBE),
    ]);
    let best: number | null = null;
    for (const offset of offsets) {
      const instant = wallAsUtc - offset;
      if (this.offsetAt(instant) === offset && (best === null || instant < best)) best = instant;
    }
    return best;
  }
}
