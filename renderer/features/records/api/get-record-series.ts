import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type {
  accelerationData,
  CumulativeMetric,
  cumulativeData,
  temperatureData,
} from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { recordKeys } from './keys';

export type AccelerationData = z.infer<typeof accelerationData>;
export type TemperatureData = z.infer<typeof temperatureData>;
export type CumulativeData = z.infer<typeof cumulativeData>;

/**
 * Series are stored when a record is processed and answered at once; for a record processed before
 * they were, the first call reads and thins the whole run file: 300 s, not the default 60. The
 * answers carry an ETag and `no-cache`, so the browser keeps them and a revisit costs a 304.
 */
const RECORD_DATA_TIMEOUT_MS = 300_000;

export async function getAccelerationData(id: number): Promise<AccelerationData> {
  const { data } = await api.get<AccelerationData>(`/v2/records/${id}/data`, {
    params: { type: 'acceleration' },
    timeout: RECORD_DATA_TIMEOUT_MS,
  });
  return data;
}

export async function getTemperatureData(id: number): Promise<TemperatureData> {
  const { data } = await api.get<TemperatureData>(`/v2/records/${id}/data`, {
    params: { type: 'temperature' },
    timeout: RECORD_DATA_TIMEOUT_MS,
  });
  return data;
}

export async function getCumulativeData(
  id: number,
  metric: CumulativeMetric,
): Promise<CumulativeData> {
  const { data } = await api.get<CumulativeData>(`/v2/records/${id}/cumulative`, {
    params: { metric },
    timeout: RECORD_DATA_TIMEOUT_MS,
  });
  return data;
}

// The series of a run never change: kept apart from the records' keys so edits do not refetch them.
const forever = { staleTime: Infinity, gcTime: 5 * 60_000 } as const;

const accelerationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recordKeys.acceleration(id),
    queryFn: () => getAccelerationData(id),
    ...forever,
  });

export const useAccelerationData = (id: number) => useQuery(accelerationQueryOptions(id));

export const useTemperatureData = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: recordKeys.temperature(id),
      queryFn: () => getTemperatureData(id),
      ...forever,
    }),
  );

export const cumulativeDataQueryOptions = (id: number, metric: CumulativeMetric) =>
  queryOptions({
    queryKey: recordKeys.cumulative(id, metric),
    queryFn: () => getCumulativeData(id, metric),
    ...forever,
  });

export const useCumulativeData = (id: number, metric: CumulativeMetric) =>
  useQuery(cumulativeDataQueryOptions(id, metric));

/** Several records' curves of one metric, one query each (the records compare chart). */
export const useCumulativeDataOf = (ids: number[], metric: CumulativeMetric) =>
  useQueries({ queries: ids.map((id) => cumulativeDataQueryOptions(id, metric)) });

/**
 * The record page asks for the first tab's series (raw acceleration, cumulative VitalMetric)
 * together with the record, not once the record has arrived and the charts have mounted; only
 * where the time details are open (the server refuses them elsewhere).
 */
export function usePrefetchRecordCharts(id: number, open: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!open || !Number.isInteger(id)) return;
    void client.prefetchQuery(accelerationQueryOptions(id));
    void client.prefetchQuery(cumulativeDataQueryOptions(id, 'auc'));
  }, [client, id, open]);
}
