import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { LineDto } from '../../../../shared/api/lines';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { lineKeys, type LinesQuery } from './keys';

/** Without a size, selectors and charts get every line at once. */
export async function getLines({
  instituteId,
  ...params
}: LinesQuery): Promise<Paginated<LineDto>> {
  const { data } = await api.get<Paginated<LineDto>>(`/v2/institutes/${instituteId}/lines`, {
    params: { size: FULL_LIST_SIZE, ...params },
  });
  return data;
}

export const linesQueryOptions = (query: LinesQuery) =>
  queryOptions({
    queryKey: lineKeys.list(query),
    queryFn: () => getLines(query),
    enabled: query.instituteId !== null,
    placeholderData: keepPreviousData,
  });

/** The institute's lines with their statistics, a page at a time or all at once. */
export const useLines = (query: LinesQuery) => useQuery(linesQueryOptions(query));
