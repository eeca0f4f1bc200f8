import { useMutation, useQuery } from '@tanstack/react-query';
import type { TokenResponse } from '../../../../shared/api/auth';
import type { SsoClient, SsoDiscovery } from '../../../../shared/api/sso';
import { api, errorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { authKeys } from './keys';

/** The e-mail's domain once it reads as an address, else null (nothing to ask yet). */
export const emailDomain = (email: string): string | null => {
  const match = /^[^@\s]+@([^@\s]+\.[^@\s]{2,})$/.exec(email.trim().toLowerCase());
  return match ? match[1] : null;
};

/** The organization whose provider signs this e-mail in; null when none does (404). */
export async function discoverSso(email: string): Promise<SsoDiscovery | null> {
  try {
    const { data } = await api.get<SsoDiscovery>('/v2/auth/sso/discover', { params: { email } });
    return data;
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

/** Asked once per domain typed: the organization to offer "Continue with" for. */
export const useSsoDiscovery = (email: string) => {
  const domain = emailDomain(email);
  return useQuery({
    queryKey: [...authKeys.all, 'sso', domain],
    queryFn: () => discoverSso(`sso@${domain}`),
    enabled: domain !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
};

/** Where the browser goes to sign in through the organization's provider. */
export const ssoStartUrl = (institute: number, client: SsoClient = 'web') =>
  `${api.defaults.baseURL ?? ''}/v2/auth/sso/start?institute=${institute}` +
  (client === 'desktop' ? '&client=desktop' : '');

/** The one-time code of the provider's redirect for the session's tokens. */
export async function exchangeSsoCode(code: string): Promise<TokenResponse> {
  const { data } = await api.post<TokenResponse>('/v2/auth/sso/exchange', { code });
  return data;
}

export const useSsoExchange = () =>
  useMutation({
    mutationFn: exchangeSsoCode,
    onSuccess: (tokens) => useSession.getState().signIn(tokens.access_token, tokens.refresh_token),
  });
