import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { LineDto } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';

export async function getInstituteLines(instituteId: number): Promise<LineDto[]> {
  const { data } = await api.get<Paginated<LineDto>>(`/v2/institutes/${instituteId}/lines`, {
    params: { size: 9999, ordering: 'name' },
  });
  return data.items;
}

export const instituteLinesQueryOptions = (instituteId: number | null) =>
  queryOptions({
    queryKey: ['lines', 'institute', instituteId, 'all'],
    queryFn: () => getInstituteLines(instituteId as number),
    enabled: instituteId !== null,
    staleTime: 30_000,
  });

/** Every line of the organization, archived ones included, for pickers and filters. */
export const useInstituteLines = (instituteId: number | null) =>
  useQuery(instituteLinesQueryOptions(instituteId));
