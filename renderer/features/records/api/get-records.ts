import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { RecordDto } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { POLL_MS } from '../../../lib/polling';
import { recordKeys } from './keys';

/**
 * The list's query parameters as the API names them (monitoring.md section 7). Line and
 * validation ids are given as arrays and sent comma-separated, as are the (already joined) bands
 * and labels. Page is zero-based here, one-based only in the address bar.
 */
export interface RecordsParams {
  page?: number;
  size?: number;
  ordering?: string;
  line_id?: number;
  line_ids?: number[];
  validation_ids?: number[];
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

const commaList = (ids: number[] | undefined) => (ids?.length ? ids.join(',') : undefined);

/** The parameters as sent: the query key too, so the same request shares one cache entry. */
export function wireParams({ line_ids, validation_ids, ...params }: RecordsParams) {
  return {
    ...params,
    line_ids: commaList(line_ids),
    validation_ids: commaList(validation_ids),
  };
}

export async function getRecords(
  instituteId: number,
  params: RecordsParams,
): Promise<Paginated<RecordDto>> {
  const { data } = await api.get<Paginated<RecordDto>>(`/v2/institutes/${instituteId}/records`, {
    params: wireParams(params),
  });
  return data;
}

/** `null` params mean "not asked yet": the query waits. */
export const recordsQueryOptions = (
  instituteId: number | null,
  params: RecordsParams | null,
  { poll = false }: { poll?: boolean } = {},
) =>
  queryOptions({
    queryKey: recordKeys.list(instituteId, params && wireParams(params)),
    queryFn: () => getRecords(instituteId as number, params as RecordsParams),
    enabled: instituteId !== null && params !== null,
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });

export const useRecords = (
  instituteId: number | null,
  params: RecordsParams | null,
  options?: { poll?: boolean },
) => useQuery(recordsQueryOptions(instituteId, params, options));

/** Processed records waiting for review (the to-review list, hidden ones left out). */
export const TO_REVIEW: RecordsParams = { is_processed: true, is_reviewed: false };
export const REVIEWED: RecordsParams = { is_processed: true, is_reviewed: true };
