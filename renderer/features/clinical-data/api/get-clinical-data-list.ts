import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicalDataDto, ClinicalDataListParams } from '../../../../shared/api/clinical-data';
import type { Paginated } from '../../../../shared/api/common';
import { api } from '../../../lib/api-client';
import { clinicalDataKeys } from './keys';

export async function getClinicalDataList(
  instituteId: number,
  params: ClinicalDataListParams,
): Promise<Paginated<ClinicalDataDto>> {
  const { data } = await api.get<Paginated<ClinicalDataDto>>(
    `/v2/institutes/${instituteId}/clinical-data`,
    { params },
  );
  return data;
}

export const clinicalDataListQueryOptions = (
  instituteId: number | null,
  params: ClinicalDataListParams,
) =>
  queryOptions({
    queryKey: clinicalDataKeys.list(instituteId, params),
    queryFn: () => getClinicalDataList(instituteId as number, params),
    enabled: instituteId !== null,
    placeholderData: keepPreviousData,
  });

export const useClinicalDataList = (instituteId: number | null, params: ClinicalDataListParams) =>
  useQuery(clinicalDataListQueryOptions(instituteId, params));
