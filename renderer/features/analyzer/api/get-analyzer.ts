import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyzerDto } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { analyzerKeys } from './keys';

export async function getAnalyzer(instituteId: number): Promise<AnalyzerDto> {
  const { data } = await api.get<AnalyzerDto>(`/v2/institutes/${instituteId}/analyzer`);
  return data;
}

export const analyzerQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: analyzerKeys.detail(instituteId),
    queryFn: () => getAnalyzer(instituteId),
  });

/** The institute's analyzer and thresholds (the defaults until it saves its own). */
export const useAnalyzer = (instituteId: number) => useQuery(analyzerQueryOptions(instituteId));
