import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recordSummary } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { recordKeys } from './keys';
import { POLL_MS } from '../../../lib/polling';

export type RecordSummary = z.infer<typeof recordSummary>;

export async function getRecordSummary(instituteId: number): Promise<RecordSummary> {
  const { data } = await api.get<RecordSummary>(`/v2/institutes/${instituteId}/records/summary`);
  return data;
}

export const recordSummaryQueryOptions = (instituteId: number | null) =>
  queryOptions({
    queryKey: recordKeys.summary(instituteId),
    queryFn: () => getRecordSummary(instituteId as number),
    enabled: instituteId !== null,
    refetchInterval: POLL_MS,
  });

/** Reviewed, to-review and unprocessed counts, polled every 3 s. */
export const useRecordSummary = (instituteId: number | null) =>
  useQuery(recordSummaryQueryOptions(instituteId));
