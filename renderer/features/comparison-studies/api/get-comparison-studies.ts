import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import { api } from '../../../lib/api-client';
import { useAreaOpen } from '../../institutes';
import { comparisonStudyKeys, type ComparisonStudiesQuery } from './keys';
import type { ComparisonStudyDto } from './types';

export async function getComparisonStudies({
  instituteId,
  ...params
}: ComparisonStudiesQuery): Promise<Paginated<ComparisonStudyDto>> {
  const { data } = await api.get<Paginated<ComparisonStudyDto>>(
    `/v2/institutes/${instituteId}/comparison-studies`,
    { params },
  );
  return data;
}

export const comparisonStudiesQueryOptions = (query: ComparisonStudiesQuery) =>
  queryOptions({
    queryKey: comparisonStudyKeys.list(query),
    queryFn: () => getComparisonStudies(query),
    enabled: query.instituteId !== null,
    placeholderData: keepPreviousData,
  });

/** The institute's studies, newest first; asked only where clinical data is open. */
export function useComparisonStudies(query: ComparisonStudiesQuery) {
  const open = useAreaOpen('clinicalData', query.instituteId);
  return useQuery({ ...comparisonStudiesQueryOptions(query), enabled: open });
}
