import { queryRoots } from '../../../lib/query-roots';
import type { LinesQuery } from './get-lines';

export const lineKeys = {
  all: queryRoots.lines,
  lists: () => [...queryRoots.lines, 'list'] as const,
  list: (query: LinesQuery) => [...lineKeys.lists(), query] as const,
  detail: (id: number | null) => [...queryRoots.lines, 'detail', id] as const,
  validations: (lineId: number, page: number, size: number) =>
    [...queryRoots.lines, 'validations', lineId, page, size] as const,
  manufacturers: () => [...queryRoots.types, 'manufacturers'] as const,
};
