import { queryRoots } from '../../../lib/query-roots';

export interface ValidationsQuery {
  instituteId: number | null;
  /** Zero-based. */
  page?: number;
  size?: number;
  name__icontains?: string;
  name__iexact?: string;
  line_id?: number;
  status?: 'inprogress' | 'completed';
  ordering?: string;
}

export const validationKeys = {
  all: queryRoots.validations,
  list: (query: ValidationsQuery) => [...queryRoots.validations, 'list', query] as const,
  detail: (id: number) => [...queryRoots.validations, 'detail', id] as const,
  lines: (id: number) => [...queryRoots.validations, 'lines', id] as const,
  summary: (id: number | undefined) => [...queryRoots.validations, 'summary', id] as const,
};
