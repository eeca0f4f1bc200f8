import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rejectionResult } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { analyzerKeys } from './keys';

export type RejectionResult = z.infer<typeof rejectionResult>;

export async function getRejection(instituteId: number, value: number): Promise<RejectionResult> {
  const { data } = await api.get<RejectionResult>(
    `/v2/institutes/${instituteId}/analyzer/rejection`,
    { params: { value } },
  );
  return data;
}

export const rejectionQueryOptions = (instituteId: number, value: number | null) =>
  queryOptions({
    queryKey: analyzerKeys.rejection(instituteId, value),
    queryFn: () => getRejection(instituteId, value as number),
    enabled: value !== null,
  });

/** Rejection probability per analyte for a VitalMetric value (staff). */
export const useRejection = (instituteId: number, value: number | null) =>
  useQuery(rejectionQueryOptions(instituteId, value));
