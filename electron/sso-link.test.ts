import { SSO_ERRORS } from '../shared/api/sso';
import { completeSsoLink, findSsoLink, ssoStartUrl } from './sso-link';

const SERVER = 'https://vialqc.example.org/';

/** A fetch that answers one exchange and records what it was sent. */
function server(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

it('starts at the server, asking to come back by the vialqc:// link', () => {
  expect(ssoStartUrl(SERVER, 7)).toBe(
    'https://vialqc.example.org/v2/auth/sso/start?institute=7&client=desktop',
  );
});

it('finds the link among the arguments the OS started the app with', () => {
  expect(findSsoLink(['/opt/VialQC/vialqc', '--no-sandbox'])).toBeNull();
  expect(
    findSsoLink(['/opt/VialQC/vialqc', 'vialqc://sso?code=abc'])?.searchParams.get('code'),
  ).toBe('abc');
  expect(findSsoLink(['vialqc://launch'])).toBeNull();
  expect(findSsoLink(['vialqc://ssoevil?code=x'])).toBeNull();
});

it("exchanges the link's one-time code for the session", async () => {
  const { calls, fetchImpl } = server(200, {
    access_token: 'access',
    refresh_token: 'refresh',
    token_type: 'bearer',
  });
  const finished = await completeSsoLink(new URL('vialqc://sso?code=one-time'), SERVER, fetchImpl);
  expect(finished).toEqual({ tokens: { access: 'access', refresh: 'refresh' } });
  expect(calls).toEqual([
    { url: 'https://vialqc.example.org/v2/auth/sso/exchange', body: { code: 'one-time' } },
  ]);
});

it("answers the server's refusal, the link's error and an unreachable server in words", async () => {
  const refused = server(401, { detail: 'This sign-in code is invalid.' });
  expect(
    await completeSsoLink(new URL('vialqc://sso?code=used'), SERVER, refused.fetchImpl),
  ).toEqual({
    error: 'This sign-in code is invalid.',
  });
  expect(await completeSsoLink(new URL('vialqc://sso?error=disabled'), SERVER)).toEqual({
    error: SSO_ERRORS.disabled,
  });
  expect(await completeSsoLink(new URL('vialqc://sso?error=<script>'), SERVER)).toEqual({
    error: SSO_ERRORS.expired,
  });
  const down = (async () => {
    throw new TypeError('fetch failed');
  }) as typeof fetch;
  expect(await completeSsoLink(new URL('vialqc://sso?code=x'), SERVER, down)).toEqual({
    error: SSO_ERRORS.unreachable,
  });
});
