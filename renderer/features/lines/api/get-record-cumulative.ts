import { useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cumulativeData } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';

export type CumulativeData = z.infer<typeof cumulativeData>;

/** Record data calls may take long on big runs. */
const RECORD_DATA_TIMEOUT_MS = 300_000;

export async function getRecordCumulative(recordId: number): Promise<CumulativeData> {
  const { data } = await api.get<CumulativeData>(`/v2/records/${recordId}/cumulative`, {
    params: { metric: 'auc' },
    timeout: RECORD_DATA_TIMEOUT_MS,
  });
  return data;
}

export const recordCumulativeQueryOptions = (recordId: number) => ({
  queryKey: ['records', 'cumulative', recordId],
  queryFn: () => getRecordCumulative(recordId),
  staleTime: Infinity,
});

/** The cumulative VitalMetric curves of several records, one query each. */
export const useRecordsCumulative = (recordIds: number[]) =>
  useQueries({ queries: recordIds.map(recordCumulativeQueryOptions) });
