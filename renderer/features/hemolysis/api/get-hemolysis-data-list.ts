import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { HemolysisDataDto, HemolysisDataListParams } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function getHemolysisDataList(
  instituteId: number,
  params: HemolysisDataListParams,
): Promise<Paginated<HemolysisDataDto>> {
  const { data } = await api.get<Paginated<HemolysisDataDto>>(
    `/v2/institutes/${instituteId}/hemolysis-index-data`,
    { params },
  );
  return data;
}

export const hemolysisDataListQueryOptions = (
  instituteId: number | null,
  params: HemolysisDataListParams,
) =>
  queryOptions({
    queryKey: hemolysisKeys.list(instituteId, params),
    queryFn: () => getHemolysisDataList(instituteId as number, params),
    enabled: instituteId !== null,
    placeholderData: keepPreviousData,
  });

export const useHemolysisDataList = (instituteId: number | null, params: HemolysisDataListParams) =>
  useQuery(hemolysisDataListQueryOptions(instituteId, params));
