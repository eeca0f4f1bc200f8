import { queryRoots } from '../../../lib/query-roots';

/** A page of the organizations list (/organizations). */
export interface OrganizationsParams {
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
  search: string;
  excludeArchived: boolean;
}

export const instituteKeys = {
  all: queryRoots.institutes,
  /** Every list of institutes: the selector's and the organizations pages. */
  lists: () => [...queryRoots.institutes, 'list'] as const,
  list: (excludeArchived: boolean) => [...instituteKeys.lists(), { excludeArchived }] as const,
  page: (params: OrganizationsParams) => [...instituteKeys.lists(), 'page', params] as const,
  detail: (id: number | null) => [...queryRoots.institutes, 'detail', id] as const,
  uploadSummary: (id: number) => [...queryRoots.institutes, 'upload-summary', id] as const,
  /** Its single sign-on settings (Organization settings, Single sign-on). */
  sso: (id: number) => [...queryRoots.institutes, 'sso', id] as const,
  flagDefaults: () => [...queryRoots.featureFlags, 'defaults'] as const,
  /** The choice list of /v2/types/institutes/relationship. */
  relationships: () => [...queryRoots.types, 'relationships'] as const,
};
