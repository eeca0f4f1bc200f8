import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LabOutcomesDto, LabOutcomesParams } from '../../../../shared/api/lab-outcomes';
import { api } from '../../../lib/api-client';
import { labOutcomeKeys } from './keys';

/** A line's daily outcomes from the lab feed (local dates; the server's default period). */
export async function getLabOutcomes(
  lineId: number,
  params: LabOutcomesParams,
): Promise<LabOutcomesDto> {
  const { data } = await api.get<LabOutcomesDto>(`/v2/lines/${lineId}/lab-outcomes`, { params });
  return data;
}

export const labOutcomesQueryOptions = (lineId: number, params: LabOutcomesParams) =>
  queryOptions({
    queryKey: labOutcomeKeys.days(lineId, params),
    queryFn: () => getLabOutcomes(lineId, params),
    placeholderData: keepPreviousData,
  });

export const useLabOutcomes = (lineId: number, params: LabOutcomesParams) =>
  useQuery(labOutcomesQueryOptions(lineId, params));
