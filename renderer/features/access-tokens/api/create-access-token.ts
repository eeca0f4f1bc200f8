import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountTokenCreate,
  CreatedAccountToken,
} from '../../../../shared/api/account-tokens';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from './keys';

export async function createAccessToken(body: AccountTokenCreate): Promise<CreatedAccountToken> {
  const { data } = await api.post<CreatedAccountToken>('/v2/account/tokens', body);
  return data;
}

/** Creates a token; the answer carries the token itself, which the server never shows again. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
