import { defaultNotificationSettings } from '../../../shared/domain/notifications';
import { appPath, bellLabel, changedKinds, changedSettings, whenText } from './notification-words';

describe('the bell', () => {
  it('says the unread count in words, and nothing at zero', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });
});

describe('a notification’s link', () => {
  it('is followed when it is a path of the app', () => {
    expect(appPath('/line/3/monitoring?event=7')).toBe('/line/3/monitoring?event=7');
    expect(appPath('/validation/12')).toBe('/validation/12');
  });

  it('never leads off the app', () => {
    for (const link of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(appPath(link)).toBe('/dashboard');
  });
});

describe('when a notification came', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is relative within the week, a date before', () => {
    expect(whenText('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(whenText('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(whenText('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(whenText('2026-03-08T12:00:00Z', now)).toBe('2 days ago');
    expect(whenText('2026-02-01T12:00:00Z', now)).toBe('01 Feb 2026');
  });
});

describe('a save of the settings', () => {
  it('sends only the kinds changed', () => {
    const saved = defaultNotificationSettings('member');
    expect(changedSettings(saved, structuredClone(saved))).toEqual({});
    const draft = structuredClone(saved);
    draft.event_opened.email = 'immediate';
    draft.vial_silent.in_app = true;
    const changes = changedSettings(saved, draft);
    expect(changes).toEqual({
      event_opened: { in_app: true, email: 'immediate' },
      vial_silent: { in_app: true, email: 'off' },
    });
    expect(changedKinds(changes)).toEqual(['event_opened', 'vial_silent']);
  });

  it('sends nothing for a kind changed and changed back', () => {
    const saved = defaultNotificationSettings('owner');
    const draft = structuredClone(saved);
    draft.revalidation_due.email = 'off';
    draft.revalidation_due.email = 'digest';
    expect(changedSettings(saved, draft)).toEqual({});
  });
});
