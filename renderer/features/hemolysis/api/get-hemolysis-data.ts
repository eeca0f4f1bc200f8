import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HemolysisDataDto } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function getHemolysisData(id: number): Promise<HemolysisDataDto> {
  const { data } = await api.get<HemolysisDataDto>(`/v2/hemolysis-index-data/${id}`);
  return data;
}

export const hemolysisDataQueryOptions = (id: number) =>
  queryOptions({ queryKey: hemolysisKeys.detail(id), queryFn: () => getHemolysisData(id) });

export const useHemolysisData = (id: number) => useQuery(hemolysisDataQueryOptions(id));
