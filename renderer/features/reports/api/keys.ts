import { queryRoots } from '../../../lib/query-roots';

export interface ReportsQuery {
  instituteId: number;
  /** Zero-based. */
  page: number;
  size: number;
}

export const reportKeys = {
  all: queryRoots.reports,
  list: (query: ReportsQuery) => [...queryRoots.reports, 'list', query] as const,
};
