import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineDto } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function getLine(id: number): Promise<LineDto> {
  const { data } = await api.get<LineDto>(`/v2/lines/${id}`);
  return data;
}

/** `null` (a record without a line) means nothing to fetch. */
export const lineQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: lineKeys.detail(id),
    queryFn: () => getLine(id as number),
    enabled: id !== null,
  });

/** One line with its statistics, validated range, out-of-range count and re-validation advice. */
export const useLine = (id: number | null) => useQuery(lineQueryOptions(id));
