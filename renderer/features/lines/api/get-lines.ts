import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { LineDto } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';

export interface LinesQuery {
  instituteId: number | null;
  /** Zero-based. */
  page?: number;
  size?: number;
  archived?: boolean;
  ordering?: string;
  name__icontains?: string;
}

/** Selectors and charts load every line at once. */
export const ALL = 9999;

export async function getLines({
  instituteId,
  ...params
}: LinesQuery): Promise<Paginated<LineDto>> {
  const { data } = await api.get<Paginated<LineDto>>(`/v2/institutes/${instituteId}/lines`, {
    params: { size: ALL, ...params },
  });
  return data;
}

export const linesQueryOptions = (query: LinesQuery) =>
  queryOptions({
    queryKey: ['lines', 'list', query],
    queryFn: () => getLines(query),
    enabled: query.instituteId !== null,
    placeholderData: keepPreviousData,
  });

/** The institute's lines with their statistics, a page at a time or all at once. */
export const useLines = (query: LinesQuery) => useQuery(linesQueryOptions(query));
