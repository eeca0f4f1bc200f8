import {
  defaultNotificationSettings,
  effectiveNotificationSettings,
  nextDigestAt,
  NOTIFICATION_KINDS,
  revalidationDueDay,
} from './notifications';

describe('the defaults by role (line-monitoring.md §4)', () => {
  it('gives owners, admins and staff every kind in app, urgent ones at once, slow ones in the digest', () => {
    for (const role of ['owner', 'admin', 'staff'] as const) {
      expect(defaultNotificationSettings(role)).toEqual({
        event_opened: { in_app: true, email: 'immediate' },
        revalidation_due: { in_app: true, email: 'digest' },
        validation_ready: { in_app: true, email: 'immediate' },
        vial_silent: { in_app: true, email: 'digest' },
        processing_failed: { in_app: true, email: 'immediate' },
      });
    }
  });

  it('gives members and guests in app only, and no silent vials', () => {
    for (const role of ['member', 'guest'] as const) {
      const settings = defaultNotificationSettings(role);
      expect(NOTIFICATION_KINDS.map((k) => settings[k].email)).toEqual(Array(5).fill('off'));
      expect(NOTIFICATION_KINDS.filter((k) => settings[k].in_app)).toEqual([
        'event_opened',
        'revalidation_due',
        'validation_ready',
        'processing_failed',
      ]);
    }
  });

  it("keeps a user's own choice and the default elsewhere, without changing the defaults", () => {
    const own = { vial_silent: { in_app: false, email: 'immediate' as const } };
    const settings = effectiveNotificationSettings('owner', own);
    expect(settings.vial_silent).toEqual({ in_app: false, email: 'immediate' });
    expect(settings.event_opened).toEqual({ in_app: true, email: 'immediate' });
    settings.event_opened.email = 'off';
    expect(defaultNotificationSettings('owner').event_opened.email).toBe('immediate');
  });
});

describe('the next digest', () => {
  const at = (iso: string, zone: string) => nextDigestAt(new Date(iso), zone).toISOString();

  it("is today's 07:00 in the zone while it is to come, else tomorrow's", () => {
    expect(at('2026-01-15T06:59:59Z', 'UTC')).toBe('2026-01-15T07:00:00.000Z');
    expect(at('2026-01-15T07:00:00Z', 'UTC')).toBe('2026-01-16T07:00:00.000Z');
    expect(at('2026-01-15T12:00:00Z', 'UTC')).toBe('2026-01-16T07:00:00.000Z');
  });

  it("counts in the institute's zone, not UTC's", () => {
    // 07:00 in Sydney (UTC+11 in January) is 20:00 UTC the day before.
    expect(at('2026-01-15T10:00:00Z', 'Australia/Sydney')).toBe('2026-01-15T20:00:00.000Z');
    expect(at('2026-01-15T20:30:00Z', 'Australia/Sydney')).toBe('2026-01-16T20:00:00.000Z');
    // New York, UTC−5 in winter: its day still is the 14th at 03:00 UTC on the 15th.
    expect(at('2026-01-15T03:00:00Z', 'America/New_York')).toBe('2026-01-15T12:00:00.000Z');
    // Half-hour and 45-minute zones.
    expect(at('2026-01-15T00:00:00Z', 'Asia/Kolkata')).toBe('2026-01-15T01:30:00.000Z');
    expect(at('2026-01-15T00:00:00Z', 'Asia/Kathmandu')).toBe('2026-01-15T01:15:00.000Z');
  });

  it('follows daylight saving time across the change', () => {
    // Berlin goes to summer time on 29 March 2026: 07:00 is 06:00 UTC before, 05:00 UTC after.
    expect(at('2026-03-28T12:00:00Z', 'Europe/Berlin')).toBe('2026-03-29T05:00:00.000Z');
    expect(at('2026-03-27T12:00:00Z', 'Europe/Berlin')).toBe('2026-03-28T06:00:00.000Z');
    expect(at('2026-10-24T12:00:00Z', 'Europe/Berlin')).toBe('2026-10-25T06:00:00.000Z');
  });
});

describe('re-validation', () => {
  it('is due 6 calendar months after the baseline validation started', () => {
    expect(revalidationDueDay('2026-01-15')).toBe('2026-07-15');
    expect(revalidationDueDay('2026-08-20')).toBe('2027-02-20');
    expect(revalidationDueDay('2026-08-31')).toBe('2027-02-28');
    expect(revalidationDueDay('2027-08-31')).toBe('2028-02-29');
    expect(revalidationDueDay('2026-12-31')).toBe('2027-06-30');
  });
});
