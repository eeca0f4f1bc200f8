import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '../../../../shared/api/auth';
import type { MfaLogin } from '../../../../shared/api/second-factor';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** The sign-in's second step: the mfa_token of the password step and a code. */
export async function signInWithCode(body: MfaLogin): Promise<TokenResponse> {
  const { data } = await api.post<TokenResponse>('/v2/auth/mfa', body);
  return data;
}

export const useSignInWithCode = () =>
  useMutation({
    mutationFn: signInWithCode,
    onSuccess: (tokens) => useSession.getState().signIn(tokens.access_token, tokens.refresh_token),
  });
