import type { SessionTokens, SsoFinished } from '../shared/ipc/channels';
import { isSsoError, SSO_ERRORS } from '../shared/api/sso';

/**
 * Single sign-on in the desktop app (RFC 8252): the system browser signs the person in at their
 * organization's provider, and the server sends it back to `vialqc://sso?code=…` (or `?error=…`),
 * a link the OS hands to this app. Plain Node, so it is tested without Electron.
 */

export const SSO_LINK = 'vialqc://sso';

/** Where the system browser starts: the server's start, telling it to come back by the link. */
export const ssoStartUrl = (serverUrl: string, institute: number) =>
  `${serverUrl.replace(/\/$/, '')}/v2/auth/sso/start?institute=${institute}&client=desktop`;

/** The vialqc://sso link among a command line's arguments (Windows, Linux) or a URL (macOS). */
export function findSsoLink(args: readonly string[]): URL | null {
  for (const arg of args) {
    if (!arg.startsWith(`${SSO_LINK}?`) && !arg.startsWith(`${SSO_LINK}/?`)) continue;
    try {
      return new URL(arg);
    } catch {
      return null;
    }
  }
  return null;
}

const EXPIRED = SSO_ERRORS.expired;

/**
 * The link's one-time code exchanged at the server for the session's tokens, or the message the
 * login page shows. `fetch` is injected for the tests.
 */
export async function completeSsoLink(
  link: URL,
  serverUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SsoFinished> {
  const error = link.searchParams.get('error');
  if (error !== null) return { error: isSsoError(error) ? SSO_ERRORS[error] : EXPIRED };
  const code = link.searchParams.get('code');
  if (!code) return { error: EXPIRED };
  try {
    const res = await fetchImpl(`${serverUrl.replace(/\/$/, '')}/v2/auth/sso/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok && typeof body.access_token === 'string' && typeof body.refresh_token === 'string') {
      const tokens: SessionTokens = { access: body.access_token, refresh: body.refresh_token };
      return { tokens };
    }
    return { error: typeof body.detail === 'string' ? body.detail : EXPIRED };
  } catch {
    return { error: SSO_ERRORS.unreachable };
  }
}
