import { queryRoots } from '../../../lib/query-roots';

export const instituteKeys = {
  all: queryRoots.institutes,
  list: (excludeArchived: boolean) =>
    [...queryRoots.institutes, 'list', { excludeArchived }] as const,
  detail: (id: number | null) => [...queryRoots.institutes, 'detail', id] as const,
  flagDefaults: () => [...queryRoots.featureFlags, 'defaults'] as const,
};
