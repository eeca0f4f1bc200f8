import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventPage } from '../../../../shared/api/audit';
import { api } from '../../../lib/api-client';
import { auditKeys, type HistoryQuery } from './keys';

export async function getHistory({
  instituteId,
  ...params
}: HistoryQuery): Promise<AuditEventPage> {
  const { data } = await api.get<AuditEventPage>(`/v2/institutes/${instituteId}/history`, {
    params,
  });
  return data;
}

/** An object's History, read afresh each time it is shown (an edit just made is in it). */
export const historyQueryOptions = (query: HistoryQuery, enabled = true) =>
  queryOptions({
    queryKey: auditKeys.history(query),
    queryFn: () => getHistory(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });

export const useHistory = (query: HistoryQuery, enabled = true) =>
  useQuery(historyQueryOptions(query, enabled));
