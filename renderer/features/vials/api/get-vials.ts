import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { Vial } from '../../../../shared/api/vials';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { vialKeys, type VialListParams } from './keys';

/** The whole registry at once, as the spec loads it. */
export async function getVials(params: VialListParams): Promise<Vial[]> {
  const { data } = await api.get<Paginated<Vial>>('/v2/vials', {
    params: { size: FULL_LIST_SIZE, ...params },
  });
  return data.items;
}

export const vialsQueryOptions = (params: VialListParams) =>
  queryOptions({
    queryKey: vialKeys.list(params),
    queryFn: () => getVials(params),
    placeholderData: keepPreviousData,
  });

/** The vial registry (staff: every vial), filtered by label and organization. */
export const useVials = (params: VialListParams) => useQuery(vialsQueryOptions(params));
