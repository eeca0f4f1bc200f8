import { useMutation } from '@tanstack/react-query';
import type { LoginForm } from '../../../../shared/api/auth';
import type { LoginResponse } from '../../../../shared/api/second-factor';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/**
 * The token endpoint takes a form, as OAuth2 password logins do. It answers the tokens, or the
 * second step the account must take (a code, or setting up a second factor).
 */
export async function login(form: LoginForm): Promise<LoginResponse> {
  const { data } = await api.post<LoginResponse>('/v2/auth/token', new URLSearchParams(form));
  return data;
}

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('access_token' in answer) {
        useSession.getState().signIn(answer.access_token, answer.refresh_token);
      }
    },
  });
