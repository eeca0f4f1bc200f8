import { queryRoots } from '../../../lib/query-roots';
import type { ValidationsQuery } from './get-validations';

export const validationKeys = {
  all: queryRoots.validations,
  list: (query: ValidationsQuery) => [...queryRoots.validations, 'list', query] as const,
  detail: (id: number) => [...queryRoots.validations, 'detail', id] as const,
  lines: (id: number) => [...queryRoots.validations, 'lines', id] as const,
  summary: (id: number | undefined) => [...queryRoots.validations, 'summary', id] as const,
};
