import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountTokenList } from '../../../../shared/api/account-tokens';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from './keys';

export async function getAccessTokens(): Promise<AccountTokenList> {
  const { data } = await api.get<AccountTokenList>('/v2/account/tokens');
  return data;
}

export const accessTokensQueryOptions = () =>
  queryOptions({ queryKey: accessTokenKeys.list(), queryFn: getAccessTokens });

/** The signed-in user's tokens that were not revoked, the newest first. */
export const useAccessTokens = () => useQuery(accessTokensQueryOptions());
