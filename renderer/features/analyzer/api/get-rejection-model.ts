import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RejectionModelDto } from '../../../../shared/api/clinical-data';
import { api } from '../../../lib/api-client';
import { analyzerKeys } from './keys';

export async function getRejectionModel(instituteId: number): Promise<RejectionModelDto> {
  const { data } = await api.get<RejectionModelDto>(
    `/v2/institutes/${instituteId}/rejection-model`,
  );
  return data;
}

export const rejectionModelQueryOptions = (instituteId: number) =>
  queryOptions({
    queryKey: analyzerKeys.model(instituteId),
    queryFn: () => getRejectionModel(instituteId),
  });

/** The rejection model in use: calibrated from clinical data, or the defaults. */
export const useRejectionModel = (instituteId: number) =>
  useQuery(rejectionModelQueryOptions(instituteId));
