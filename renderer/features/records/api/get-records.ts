import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { RecordDto } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';

/**
 * The list's query parameters as the API names them (monitoring.md section 7); lists of ids and
 * bands go comma-separated. Page is zero-based here, one-based only in the address bar.
 */
export interface RecordsParams {
  page?: number;
  size?: number;
  ordering?: string;
  line_id?: number;
  line_ids?: string;
  validation_ids?: string;
  date__gte?: string;
  date__lt?: string;
  exclude?: boolean;
  is_processed?: boolean;
  is_reviewed?: boolean;
  hidden?: boolean;
  include_hidden?: boolean;
  rejection?: string;
  labels?: string;
}

export async function getRecords(
  instituteId: number,
  params: RecordsParams,
): Promise<Paginated<RecordDto>> {
  const { data } = await api.get<Paginated<RecordDto>>(`/v2/institutes/${instituteId}/records`, {
    params,
  });
  return data;
}

/** The review list, the recent records and the to-review queue poll (monitoring.md section 4). */
export const POLL_MS = 3000;

export const recordsQueryOptions = (
  instituteId: number | null,
  params: RecordsParams,
  { poll = false }: { poll?: boolean } = {},
) =>
  queryOptions({
    queryKey: ['records', 'list', instituteId, params],
    queryFn: () => getRecords(instituteId as number, params),
    enabled: instituteId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });

export const useRecords = (
  instituteId: number | null,
  params: RecordsParams,
  options?: { poll?: boolean },
) => useQuery(recordsQueryOptions(instituteId, params, options));

/** Processed records waiting for review (the to-review list, hidden ones left out). */
export const TO_REVIEW: RecordsParams = { is_processed: true, is_reviewed: false };
export const REVIEWED: RecordsParams = { is_processed: true, is_reviewed: true };
