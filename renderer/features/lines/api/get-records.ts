import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { RecordDto } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';

/** The records list filters the line screens use (monitoring.md section 7). */
export interface RecordsQuery {
  line_ids?: number[];
  validation_ids?: number[];
  line_id?: number;
  date__gte?: string;
  date__lt?: string;
  exclude?: boolean;
  page?: number;
  size?: number;
  ordering?: string;
}

const commaList = (ids: number[] | undefined) => (ids?.length ? ids.join(',') : undefined);

export async function getRecords(
  instituteId: number,
  { line_ids, validation_ids, ...query }: RecordsQuery,
): Promise<Paginated<RecordDto>> {
  const { data } = await api.get<Paginated<RecordDto>>(`/v2/institutes/${instituteId}/records`, {
    params: {
      ...query,
      line_ids: commaList(line_ids),
      validation_ids: commaList(validation_ids),
    },
  });
  return data;
}

export const recordsQueryOptions = (instituteId: number | null, query: RecordsQuery | null) =>
  queryOptions({
    queryKey: ['records', 'list', instituteId, query],
    queryFn: () => getRecords(instituteId as number, query as RecordsQuery),
    enabled: instituteId !== null && query !== null,
    placeholderData: keepPreviousData,
  });

/** Records matching the filters; `null` filters mean "not asked yet". */
export const useRecords = (instituteId: number | null, query: RecordsQuery | null) =>
  useQuery(recordsQueryOptions(instituteId, query));
