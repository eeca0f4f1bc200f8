import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { defaultNotificationSettings } from '../../../../shared/domain/notifications';
import { authKeys } from '../../auth';
import { notificationKeys } from '../api/keys';
import { NotificationSettingsSection } from './notification-settings-section';
import { NotificationsBell } from './notifications-bell';

function render(element: ReactElement, fill: (client: QueryClient) => void) {
  const client = new QueryClient();
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the bell', () => {
  const signedIn = (count?: number) => (client: QueryClient) => {
    client.setQueryData(authKeys.user(), { id: 1, role: 'member', institutes: [3] });
    if (count !== undefined) client.setQueryData(notificationKeys.unreadCount(), { count });
  };

  it('is not there before the user is known', () => {
    expect(render(<NotificationsBell />, () => {})).toBe('');
  });

  it('says the unread count in its name and shows it on its badge', () => {
    const html = render(<NotificationsBell />, signedIn(3));
    expect(html).toContain('aria-label="Notifications, 3 unread"');
    expect(html).toMatch(/MuiBadge-badge[^>]*>3</);
  });

  it('has no badge, and a name without a count, when all is read or not yet known', () => {
    for (const html of [
      render(<NotificationsBell />, signedIn(0)),
      render(<NotificationsBell />, signedIn()),
    ]) {
      expect(html).toContain('aria-label="Notifications"');
      expect(html).not.toContain('MuiBadge');
    }
  });
});

describe('the settings on /account', () => {
  it('shows a row per kind in words, with the settings the server gives', () => {
    const html = render(
      <NotificationSettingsSection instituteId={3} instituteName="Northfield" />,
      (client) =>
        client.setQueryData(notificationKeys.settings(3), defaultNotificationSettings('member')),
    );
    expect(html).toContain('from Northfield');
    for (const words of ['A monitoring event opens', 'A vial has stopped uploading'])
      expect(html).toMatch(new RegExp(`<th[^>]*scope="row"[^>]*>${words}</th>`));
    expect(html.match(/<tr/g)).toHaveLength(6);
    // A member's defaults: in the app, except silent vials.
    const inApp = (words: string) =>
      html.match(new RegExp(`<input[^>]*In app: ${words}[^>]*>`))?.[0];
    expect(inApp('A monitoring event opens')).toContain('checked');
    expect(inApp('A vial has stopped uploading')).not.toContain('checked');
    expect(html).toContain('Off');
  });

  it('says it is loading until the settings come', () => {
    const html = render(<NotificationSettingsSection instituteId={3} />, () => {});
    expect(html).toContain('Retrieving Data...');
  });
});
