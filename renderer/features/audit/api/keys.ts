import type { z } from 'zod';
import type { allAuditEventsQuery, auditHistoryQuery } from '../../../../shared/api/audit';
import { queryRoots } from '../../../lib/query-roots';

/** A page of the Audit Log: one institute's (null: staff's view of every institute). */
export type AuditLogQuery = Partial<z.input<typeof allAuditEventsQuery>> & {
  instituteId: number | null;
};

/** A page of one object's History in its institute. */
export type HistoryQuery = Partial<z.input<typeof auditHistoryQuery>> &
  Pick<z.input<typeof auditHistoryQuery>, 'object_type'> & { instituteId: number };

export const auditKeys = {
  all: queryRoots.audit,
  log: (query: AuditLogQuery) => [...queryRoots.audit, 'log', query] as const,
  history: (query: HistoryQuery) => [...queryRoots.audit, 'history', query] as const,
};
