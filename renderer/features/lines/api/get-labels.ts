import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { LabelDto } from '../../../../shared/api/labels';
import { api } from '../../../lib/api-client';

export async function getLabels(instituteId: number): Promise<LabelDto[]> {
  const { data } = await api.get<Paginated<LabelDto>>(`/v2/institutes/${instituteId}/labels`, {
    params: { size: 9999 },
  });
  return data.items;
}

export const labelsQueryOptions = (instituteId: number | null) =>
  queryOptions({
    queryKey: ['labels', 'list', instituteId],
    queryFn: () => getLabels(instituteId as number),
    enabled: instituteId !== null,
  });

/** The institute's labels, for the line form's label choice. */
export const useLabels = (instituteId: number | null) => useQuery(labelsQueryOptions(instituteId));
