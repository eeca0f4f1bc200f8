import { addDays, isTimeZone, zonedDay, zonedWallTime } from './time-zone';

it('knows IANA zones and refuses the rest', () => {
  expect(['Europe/London', 'America/St_Johns', 'UTC'].every(isTimeZone)).toBe(true);
  expect(['', 'Mars/Olympus', 'GMT+25'].some(isTimeZone)).toBe(false);
});

it("gives the zone's calendar day of an instant, not UTC's", () => {
  expect(zonedDay('2025-03-02T22:00:00Z', 'Australia/Sydney')).toBe('2025-03-03');
  expect(zonedDay('2025-03-02T22:00:00Z', 'America/New_York')).toBe('2025-03-02');
});

describe('wall-clock times in a zone', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("gives the instant the zone's clocks show a time", () => {
    expect(zonedWallTime('2026-07-01', 7, 0, 'Europe/London').toISOString()).toBe(
      '2026-07-01T06:00:00.000Z',
    );
    expect(zonedWallTime('2026-01-01', 7, 0, 'America/St_Johns').toISOString()).toBe(
      '2026-01-01T10:30:00.000Z',
    );
  });

  it('takes the earlier of a repeated time and moves a skipped one past the jump', () => {
    // London: 01:30 happens twice on 25 October 2026 (BST, then GMT) …
    expect(zonedWallTime('2026-10-25', 1, 30, 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // … and not at all on 29 March 2026: read as GMT, it is 02:30 BST.
    expect(zonedWallTime('2026-03-29', 1, 30, 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
