import { isTimeZone, zonedDay } from './time-zone';

it('knows IANA zones and refuses the rest', () => {
  expect(['Europe/London', 'America/St_Johns', 'UTC'].every(isTimeZone)).toBe(true);
  expect(['', 'Mars/Olympus', 'GMT+25'].some(isTimeZone)).toBe(false);
});

it("gives the zone's calendar day of an instant, not UTC's", () => {
  expect(zonedDay('2025-03-02T22:00:00Z', 'Australia/Sydney')).toBe('2025-03-03');
  expect(zonedDay('2025-03-02T22:00:00Z', 'America/New_York')).toBe('2025-03-02');
});
