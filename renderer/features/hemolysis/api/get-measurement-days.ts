import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { measurementDays } from '../../../../shared/api/hemolysis';
import { api } from '../../../lib/api-client';
import { hemolysisKeys } from './keys';

export type MeasurementDays = z.infer<typeof measurementDays>;

export async function getMeasurementDays(id: number): Promise<MeasurementDays> {
  const { data } = await api.get<MeasurementDays>(`/v2/hemolysis-index-data/${id}/days`);
  return data;
}

export const measurementDaysQueryOptions = (id: number) =>
  queryOptions({ queryKey: hemolysisKeys.days(id), queryFn: () => getMeasurementDays(id) });

/** The days with measurements in the data set's zone, each with its start and end instants. */
export const useMeasurementDays = (id: number) => useQuery(measurementDaysQueryOptions(id));
