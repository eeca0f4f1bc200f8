import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadSummary } from '../../../../shared/api/institutes';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

export async function getUploadSummary(id: number): Promise<UploadSummary> {
  const { data } = await api.get<UploadSummary>(`/v2/institutes/${id}/upload-summary`);
  return data;
}

export const uploadSummaryQueryOptions = (id: number) =>
  queryOptions({ queryKey: instituteKeys.uploadSummary(id), queryFn: () => getUploadSummary(id) });

/** Vials, runs and the last upload of an organization. */
export const useUploadSummary = (id: number) => useQuery(uploadSummaryQueryOptions(id));
