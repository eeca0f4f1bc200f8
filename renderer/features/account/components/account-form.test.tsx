import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { REVOKES_OWN_TOKENS } from '../../../../shared/api/token-revocation';
import type { User } from '../../../../shared/api/users';
import { AccountForm } from './account-form';

it('says before a password change that it revokes the personal access tokens', () => {
  const user = { id: 4, email: 'member@example.org', first_name: 'Maria', last_name: 'Member' };
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <AccountForm user={user as User} />
    </QueryClientProvider>,
  );
  expect(html).toContain('Change Password');
  expect(html).toContain(REVOKES_OWN_TOKENS);
});
