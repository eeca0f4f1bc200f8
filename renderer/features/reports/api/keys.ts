import { queryRoots } from '../../../lib/query-roots';
import type { ReportsQuery } from './get-reports';

export const reportKeys = {
  all: queryRoots.reports,
  list: (query: ReportsQuery) => [...queryRoots.reports, 'list', query] as const,
};
