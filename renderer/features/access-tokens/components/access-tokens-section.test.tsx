import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { AccountTokenDto } from '../../../../shared/api/account-tokens';
import { accessTokenKeys } from '../api/keys';
import { AccessTokensSection } from './access-tokens-section';

function render(items?: AccountTokenDto[]) {
  const client = new QueryClient();
  if (items) client.setQueryData(accessTokenKeys.list(), { items });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AccessTokensSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const token = (fields: Partial<AccountTokenDto>): AccountTokenDto => ({
  id: 1,
  name: 'LIMS export',
  scope: 'read',
  institute: 3,
  institute_name: 'Northfield General Hospital',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2027-01-01T10:00:00.000Z',
  last_used_at: null,
  expired: false,
  ends_with_session: false,
  ...fields,
});

describe('the Access Tokens section of /account', () => {
  it('lists each token with its scope, organization, expiry and last use, and a revoke action', () => {
    const html = render([
      token({}),
      token({
        id: 2,
        name: 'Vial agent',
        scope: 'read-write',
        expired: true,
        last_used_at: '2026-11-20T08:30:00.000Z',
      }),
    ]);
    expect(html).toContain('Access Tokens');
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>LIMS export<\/th>/);
    expect(html).toContain('Read only');
    expect(html).toContain('Read and write');
    expect(html).toContain('Northfield General Hospital');
    expect(html).toContain('Never');
    expect(html).toContain('Expired');
    expect(html).toContain('aria-label="Revoke Vial agent"');
    expect(html).toContain('Create Token');
    // The list never holds a token itself.
    expect(html).not.toContain('vqc_pat_');
  });

  it('says which events revoke tokens, and that a token of an SSO sign-in ends with it', () => {
    const html = render([token({ ends_with_session: true })]);
    expect(html).toContain('A password change or reset, a reset');
    expect(html).toContain('removal from an organization revokes');
    expect(html).toContain('(with your sign-in)');
    expect(render([token({})])).not.toContain('(with your sign-in)');
  });

  it('says when there are none, and that it is loading until the list comes', () => {
    expect(render([])).toContain('You have no access tokens.');
    expect(render()).toContain('Retrieving Data...');
  });
});
