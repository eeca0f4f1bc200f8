import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Choice } from '../../../../shared/api/types';
import { api } from '../../../lib/api-client';
import { vialKeys } from './keys';

export async function getVialVersions(): Promise<Choice[]> {
  const { data } = await api.get<Choice[]>('/v2/types/vials/versions');
  return data;
}

export const vialVersionsQueryOptions = () =>
  queryOptions({ queryKey: vialKeys.versions(), queryFn: getVialVersions, staleTime: Infinity });

export const useVialVersions = () => useQuery(vialVersionsQueryOptions());
