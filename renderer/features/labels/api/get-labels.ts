import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { LabelDto } from '../../../../shared/api/labels';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { api } from '../../../lib/api-client';
import { labelKeys } from './keys';

export async function getLabels(instituteId: number): Promise<LabelDto[]> {
  const { data } = await api.get<Paginated<LabelDto>>(`/v2/institutes/${instituteId}/labels`, {
    params: { size: FULL_LIST_SIZE, ordering: 'label' },
  });
  return data.items;
}

export const labelsQueryOptions = (instituteId: number | null) =>
  queryOptions({
    queryKey: labelKeys.list(instituteId),
    queryFn: () => getLabels(instituteId as number),
    enabled: instituteId !== null,
  });

/** Every label of the organization, for the labels page, pickers and filters. */
export const useLabels = (instituteId: number | null) => useQuery(labelsQueryOptions(instituteId));
