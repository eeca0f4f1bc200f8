import { queryRoots } from '../../../lib/query-roots';

export interface LinesQuery {
  instituteId: number | null;
  /** Zero-based. */
  page?: number;
  size?: number;
  archived?: boolean;
  ordering?: string;
  name__icontains?: string;
}

export const lineKeys = {
  all: queryRoots.lines,
  lists: () => [...queryRoots.lines, 'list'] as const,
  list: (query: LinesQuery) => [...lineKeys.lists(), query] as const,
  detail: (id: number | null) => [...queryRoots.lines, 'detail', id] as const,
  validations: (lineId: number, page: number, size: number) =>
    [...queryRoots.lines, 'validations', lineId, page, size] as const,
  /** A page of the line's monitoring: the latest records, or those before a record. */
  monitoring: (lineId: number, before: number | undefined) =>
    [...queryRoots.lines, 'monitoring', lineId, before ?? null] as const,
  manufacturers: () => [...queryRoots.types, 'manufacturers'] as const,
};
