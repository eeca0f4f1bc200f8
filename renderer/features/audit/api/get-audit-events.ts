import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventPage } from '../../../../shared/api/audit';
import { api } from '../../../lib/api-client';
import { auditKeys, type AuditLogQuery } from './keys';

/** A page of the institute's log, or with no institute staff's log of every institute. */
export async function getAuditEvents({
  instituteId,
  ...params
}: AuditLogQuery): Promise<AuditEventPage> {
  const path =
    instituteId === null ? '/v2/audit-events' : `/v2/institutes/${instituteId}/audit-events`;
  const { data } = await api.get<AuditEventPage>(path, { params });
  return data;
}

/** The trail grows with every change anywhere: always read afresh. */
export const auditEventsQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditKeys.log(query),
    queryFn: () => getAuditEvents(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAuditEvents = (query: AuditLogQuery) => useQuery(auditEventsQueryOptions(query));
