import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { ReportDto } from '../../../../shared/api/reports';
import { api } from '../../../lib/api-client';
import { reportKeys, type ReportsQuery } from './keys';

export async function getReports({
  instituteId,
  page,
  size,
}: ReportsQuery): Promise<Paginated<ReportDto>> {
  const { data } = await api.get<Paginated<ReportDto>>(`/v2/institutes/${instituteId}/reports`, {
    params: { page, size },
  });
  return data;
}

export const reportsQueryOptions = (query: ReportsQuery) =>
  queryOptions({
    queryKey: reportKeys.list(query),
    queryFn: () => getReports(query),
    placeholderData: keepPreviousData,
  });

/** The institute's reports, newest first. */
export const useReports = (query: ReportsQuery) => useQuery(reportsQueryOptions(query));
