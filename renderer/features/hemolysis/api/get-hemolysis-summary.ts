import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HemolysisSummaryDto, SummaryParams } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function getHemolysisSummary(
  instituteId: number,
  params: SummaryParams,
): Promise<HemolysisSummaryDto> {
  const { data } = await api.get<HemolysisSummaryDto>(
    `/v2/institutes/${instituteId}/hemolysis-index/summary`,
    { params },
  );
  return data;
}

export const hemolysisSummaryQueryOptions = (instituteId: number | null, params: SummaryParams) =>
  queryOptions({
    queryKey: hemolysisKeys.summary(instituteId, params),
    queryFn: () => getHemolysisSummary(instituteId as number, params),
    enabled: instituteId !== null,
  });

/** Observed and predicted rejection per line and period. */
export const useHemolysisSummary = (instituteId: number | null, params: SummaryParams) =>
  useQuery(hemolysisSummaryQueryOptions(instituteId, params));
