import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { MeasurementDto, MeasurementListParams } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export async function getMeasurements(
  id: number,
  params: MeasurementListParams,
): Promise<Paginated<MeasurementDto>> {
  const { data } = await api.get<Paginated<MeasurementDto>>(
    `/v2/hemolysis-index-data/${id}/measurements`,
    { params },
  );
  return data;
}

export const measurementsQueryOptions = (id: number, params: MeasurementListParams | null) =>
  queryOptions({
    queryKey: hemolysisKeys.measurements(id, params ?? {}),
    queryFn: () => getMeasurements(id, params ?? {}),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useMeasurements = (id: number, params: MeasurementListParams | null) =>
  useQuery(measurementsQueryOptions(id, params));
