import { queryRoots } from '../../../lib/query-roots';

export const labelKeys = {
  all: queryRoots.labels,
  list: (instituteId: number | null) => [...queryRoots.labels, instituteId] as const,
};
