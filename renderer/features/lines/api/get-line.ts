import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LineDto } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';

export async function getLine(id: number): Promise<LineDto> {
  const { data } = await api.get<LineDto>(`/v2/lines/${id}`);
  return data;
}

export const lineQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['lines', 'detail', id], queryFn: () => getLine(id) });

/** One line with its statistics, validated range and re-validation advice. */
export const useLine = (id: number) => useQuery(lineQueryOptions(id));
