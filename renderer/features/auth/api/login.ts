import { useMutation } from '@tanstack/react-query';
import type { LoginForm, TokenResponse } from '../../../../shared/api/auth';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** The token endpoint takes a form, as OAuth2 password logins do. */
export async function login(form: LoginForm): Promise<TokenResponse> {
  const { data } = await api.post<TokenResponse>('/v2/auth/token', new URLSearchParams(form));
  return data;
}

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (tokens) => useSession.getState().signIn(tokens.access_token, tokens.refresh_token),
  });
